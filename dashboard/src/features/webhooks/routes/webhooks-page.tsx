import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { CreateEndpointDialog } from '../components/create-endpoint-dialog.tsx';
import { EndpointsTable } from '../components/endpoints-table.tsx';

/** Admins' webhook endpoints: where the console sends events, signed, and how each is doing. */
export function WebhooksPage() {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="The console sends each endpoint the events it chose, signed as Standard Webhooks says, at least once: a delivery that is not answered 2xx is tried again for 3 days. An endpoint’s secret is shown once, when it is added or rotated."
        actions={
          <Button variant="primary" onClick={() => setCreating(true)}>
            Add endpoint
          </Button>
        }
      />
      <EndpointsTable />
      {creating && <CreateEndpointDialog onClose={() => setCreating(false)} />}
    </>
  );
}
