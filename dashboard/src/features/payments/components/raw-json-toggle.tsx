import { useId, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { JsonViewer } from '../../../components/json-viewer.tsx';

/** The payment exactly as the server sent it, folded away until asked for. */
export function RawJsonToggle({ value }: { value: unknown }) {
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <div className="space-y-2">
      <Button aria-expanded={shown} aria-controls={id} onClick={() => setShown((was) => !was)}>
        {shown ? 'Hide raw JSON' : 'Show raw JSON'}
      </Button>
      <div id={id} hidden={!shown}>
        {shown && <JsonViewer value={value} label="Raw JSON" />}
      </div>
    </div>
  );
}
