import { PageHeader } from '../../../components/page-header.tsx';
import { BatchUploadForm } from '../components/batch-upload-form.tsx';

export function NewBatchPage() {
  return (
    <>
      <PageHeader title="Pay a batch from CSV" description="Upload the file to see a preview: valid and invalid rows, the total and the users. Nothing is paid until you start it." />
      <BatchUploadForm />
    </>
  );
}
