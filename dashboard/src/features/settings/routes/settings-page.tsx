import { PageHeader } from '../../../components/page-header.tsx';
import { IngestTokensSection } from '../components/ingest-tokens-section.tsx';

export function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" description="How other systems reach the console." />
      <IngestTokensSection />
    </>
  );
}
