import type { IndexSource } from '../../../../bff/src/public-types.ts';

const sourceWords: Record<IndexSource, string> = {
  lookup: 'a look-up',
  incomplete_list: 'the incomplete payments list',
  console: 'a payment the console made',
  import: 'an import',
  ingest: "the app's backend",
  refresh: 'the background refresh',
  action: 'a staff action',
  sandbox_demo: 'the sandbox demo data',
  reconciliation: "the wallet's reconciliation",
};

/** How the console came to see a payment, in words ("a look-up"); a source it does not know, as it is. */
export function sourceInWords(source: string): string {
  return Object.hasOwn(sourceWords, source) ? sourceWords[source as IndexSource] : source;
}
