import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiKeysTable } from '../components/api-keys-table.tsx';
import { CreateApiKeyDialog } from '../components/create-api-key-dialog.tsx';

export function ApiKeysPage() {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title="API keys"
        description="The app’s backend calls the console with these, each for what its scopes allow. A key’s secret is shown once, when it is created or rolled; the console keeps only its hash."
        actions={
          <Button variant="primary" onClick={() => setCreating(true)}>
            Create API key
          </Button>
        }
      />
      <ApiKeysTable />
      {creating && <CreateApiKeyDialog onClose={() => setCreating(false)} />}
    </>
  );
}
