import { useParams } from 'react-router';
import { FormCard } from '../../../components/ui/form-card';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';

export default function ResetPasswordRoute() {
  const { token = '' } = useParams();
  return (
    <FormCard title="Reset Password">
      <ResetPasswordForm token={token} />
    </FormCard>
  );
}
