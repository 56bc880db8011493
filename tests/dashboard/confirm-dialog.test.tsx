import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../../dashboard/src/components/dialog/confirm-dialog.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

function Harness({ onConfirm, pending = false }: { onConfirm: () => void; pending?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Pay reward
      </button>
      {open && (
        <ConfirmDialog
          title="Pay 5 Pi to @ada?"
          consequence="5 Pi leave the app wallet for good."
          confirmLabel="Pay"
          tone="danger"
          pending={pending}
          onConfirm={onConfirm}
          onCancel={() => setOpen(false)}
        />
      )}
    </>
  );
}

describe('Confirmation dialog', () => {
  it('says what will happen, keeps focus inside and gives it back on Escape', async () => {
    const user = userEvent.setup();
    render(<Harness onConfirm={vi.fn()} />);
    const opener = screen.getByRole('button', { name: 'Pay reward' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Pay 5 Pi to @ada?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByText('5 Pi leave the app wallet for good.').id).toBe(dialog.getAttribute('aria-describedby'));
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const pay = screen.getByRole('button', { name: 'Pay' });
    expect(document.activeElement).toBe(cancel);

    await user.tab();
    expect(document.activeElement).toBe(pay);
    await user.tab();
    expect(document.activeElement).toBe(cancel);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(pay);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('runs the action only when confirmed', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    render(<Harness onConfirm={onConfirm} />);

    await user.click(screen.getByRole('button', { name: 'Pay reward' }));
    await user.keyboard('{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Pay reward' }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('stays open while the action runs', async () => {
    const user = userEvent.setup();
    render(<Harness onConfirm={vi.fn()} pending />);
    await user.click(screen.getByRole('button', { name: 'Pay reward' }));

    await user.keyboard('{Escape}');
    screen.getByRole('dialog');
    expect(screen.getByRole('button', { name: 'Working…' }).hasAttribute('disabled')).toBe(true);
  });
});
