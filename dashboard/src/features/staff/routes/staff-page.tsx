import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { CreateStaffDialog } from '../components/create-staff-dialog.tsx';
import { StaffTable } from '../components/staff-table.tsx';

export function StaffPage() {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PageHeader
        title="Staff"
        description="Who may sign in to the console, and with which role. Changing a role or disabling someone signs them out at once."
      />
      <div className="mb-4 flex justify-end">
        <Button variant="primary" onClick={() => setAdding(true)}>
          Add staff member
        </Button>
      </div>
      <StaffTable />
      {adding && <CreateStaffDialog onClose={() => setAdding(false)} />}
    </>
  );
}
