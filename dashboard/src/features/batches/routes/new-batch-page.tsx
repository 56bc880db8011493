import { PageHeader } from '../../../components/page-header.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { BATCH_TEMPLATE_FILE_NAME, batchTemplateHref } from '../batch-template.ts';
import { BatchColumnsHelp } from '../components/batch-columns-help.tsx';
import { BatchUploadForm } from '../components/batch-upload-form.tsx';

export function NewBatchPage() {
  return (
    <>
      <PageHeader title="Pay a batch from CSV" description="Upload the file to see a preview: valid and invalid rows, the total and the users. Nothing is paid until you start it." />
      <div className="space-y-10">
        <PageSection title="The file" description="One row per reward, with these columns. Start from the template if you like: it holds the header and two example rows.">
          <a
            href={batchTemplateHref}
            download={BATCH_TEMPLATE_FILE_NAME}
            className="inline-flex items-center rounded-md bg-white px-3 py-1.5 text-sm font-medium text-zinc-800 shadow-sm ring-1 ring-zinc-300 ring-inset hover:bg-zinc-50 dark:bg-zinc-900 dark:text-zinc-100 dark:ring-zinc-700 dark:hover:bg-zinc-800"
          >
            Download the template CSV
          </a>
          <BatchColumnsHelp />
        </PageSection>
        <PageSection title="Upload">
          <BatchUploadForm />
        </PageSection>
      </div>
    </>
  );
}
