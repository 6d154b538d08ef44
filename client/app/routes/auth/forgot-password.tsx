import { FormCard } from '../../../components/ui/form-card';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';

export default function ForgotPasswordRoute() {
  return (
    <FormCard title="Forgot Password">
      <ForgotPasswordForm />
    </FormCard>
  );
}
