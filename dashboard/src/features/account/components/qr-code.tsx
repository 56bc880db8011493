import { useMemo } from 'react';
import { encode } from 'uqr';

/** The path of every dark module, one unit square each, so the code scales without blur. */
function darkModules(rows: boolean[][]): string {
  return rows.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('');
}

/** `text` as a QR code drawn in SVG, black on white with its quiet zone, in dark mode too, as cameras need. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, data } = useMemo(() => encode(text, { ecc: 'M', border: 4 }), [text]);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" className="size-48 shrink-0 rounded-md bg-white">
      <path d={darkModules(data)} fill="#000" />
    </svg>
  );
}
