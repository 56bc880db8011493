import { BATCH_COLUMNS } from '../../../../common/batch-csv.ts';

/** A file the upload takes as it is: the header, a row with metadata and one without. */
export const BATCH_TEMPLATE_CSV = [
  BATCH_COLUMNS.join(','),
  'uid-of-the-first-user,1.25,Spring contest winner,"{""campaign"": ""spring""}"',
  'uid-of-the-second-user,0.5,Thanks for the bug report,',
  '',
].join('\r\n');

export const BATCH_TEMPLATE_FILE_NAME = 'reward-batch-template.csv';

/** Made in the browser: the download needs no request. */
export const batchTemplateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(BATCH_TEMPLATE_CSV)}`;
