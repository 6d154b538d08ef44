import { FormCard } from '../../../components/ui/form-card';
import { LoginForm } from '../../../features/auth/components/login-form';

export default function LoginRoute() {
  return (
    <FormCard title="Login">
      <LoginForm />
    </FormCard>
  );
}
