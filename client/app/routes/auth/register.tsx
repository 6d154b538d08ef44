import { FormCard } from '../../../components/ui/form-card';
import { RegisterForm } from '../../../features/auth/components/register-form';

export default function RegisterRoute() {
  return (
    <FormCard title="Register">
      <RegisterForm />
    </FormCard>
  );
}
