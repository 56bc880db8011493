import { PageHeader } from '../../../components/page-header.tsx';

export function AdsPage() {
  return (
    <PageHeader
      title="Rewarded ads"
      description="Checking whether a rewarded ad earned its reward arrives with the ads work."
    />
  );
}
