import { PageSection } from '../../../components/page-section.tsx';
import { useSetWalletSettings, useWalletSettings } from '../api/wallet-settings.ts';
import { SettingsForm } from './settings-form.tsx';

/** The low-balance threshold: below it, the Wallet page and the overview say the wallet needs funds. */
export function WalletSettingsSection() {
  const { data: settings } = useWalletSettings();
  const save = useSetWalletSettings();
  return (
    <PageSection
      title="Wallet"
      description="When the app wallet's available funds fall below this amount, the Wallet page and the overview say so. A decimal such as 100; leave it empty for no threshold. Every change is audited."
    >
      {settings && <SettingsForm fields={[{ name: 'lowBalance', label: 'Low-balance threshold', value: settings.lowBalance }]} save={save} submitLabel="Save the threshold" />}
    </PageSection>
  );
}
