import { useParams } from 'react-router';
import { FormCard } from '../../../components/ui/form-card';
import { VerifyEmailPanel } from '../../../features/auth/components/verify-email-panel';

export default function VerifyEmailRoute() {
  const { token = '' } = useParams();
  return (
    <FormCard title="Verify Email">
      <VerifyEmailPanel token={token} />
    </FormCard>
  );
}
