import { Dialog } from '../../../components/dialog/dialog.tsx';
import { useCreateApiKey } from '../api/create-api-key.ts';
import { ApiKeySecret } from './api-key-secret.tsx';
import { CreateApiKeyForm } from './create-api-key-form.tsx';

/**
 * Creates an API key. Its secret lives only as long as this dialog, so the dialog does not close by
 * Escape or a stray click while the request runs or the secret shows.
 */
export function CreateApiKeyDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateApiKey();
  const created = create.data;
  return (
    <Dialog
      title={created ? `API key “${created.apiKey.name}” is created` : 'Create an API key'}
      description={created ? undefined : 'The app’s backend calls the console with it, for what its scopes allow.'}
      onClose={onClose}
      dismissible={!create.isPending && !created}
      wide
    >
      {created ? (
        <ApiKeySecret secret={created.secret} apiKey={created.apiKey} onDone={onClose} />
      ) : (
        <CreateApiKeyForm pending={create.isPending} error={create.error} onSubmit={(key) => create.mutate(key)} onEdit={create.reset} onCancel={onClose} />
      )}
    </Dialog>
  );
}
