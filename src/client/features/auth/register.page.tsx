import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UserPlus } from 'lucide-react';
import { PASSWORD_MIN_LENGTH } from '../../../shared/api/auth';
import { HttpError } from '../../lib/api-client';
import { serverErrorText } from '../../lib/error-text';
import { useDocumentTitle } from '../../lib/hooks/document-title.hook';
import { Button } from '../../ui/button.component';
import { InputField } from '../../ui/field.component';
import { toast } from '../../ui/toast-store';
import { useRegisterMutation } from './api/register.api';
import { AuthCard } from './components/auth-card.component';

interface RegisterForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

const EMPTY_FORM: RegisterForm = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
};

/**
 * The spec's checks, in its order: matching passwords first, then the length
 * (docs/product/auth.md#registration).
 */
export function registerFormProblem(form: RegisterForm): 'passwordMismatch' | 'passwordTooShort' | undefined {
  if (form.password !== form.confirmPassword) return 'passwordMismatch';
  if (form.password.length < PASSWORD_MIN_LENGTH) return 'passwordTooShort';
  return undefined;
}

export function RegisterPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('register.documentTitle'));
  const navigate = useNavigate();
  const registerMutation = useRegisterMutation();
  const [form, setForm] = useState<RegisterForm>(EMPTY_FORM);

  const field = (name: keyof RegisterForm) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
  });

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = registerFormProblem(form);
    if (problem) {
      toast({
        variant: 'destructive',
        title: t('register.errorTitle'),
        description: t(`register.${problem}`),
      });
      return;
    }
    const { firstName, lastName, email, password } = form;
    registerMutation.mutate(
      { firstName, lastName, email, password },
      {
        onSuccess: () => {
          toast({ title: t('register.successTitle'), description: t('register.successDescription') });
          void navigate('/', { replace: true });
        },
        onError: (error) => {
          const description =
            error instanceof HttpError
              ? (serverErrorText(t, error) ?? t('register.serverError'))
              : t('register.networkError');
          toast({ variant: 'destructive', title: t('register.errorTitle'), description });
        },
      },
    );
  };

  return (
    <AuthCard
      title={t('register.title')}
      description={t('register.description')}
      footer={{
        switchTo: { prompt: t('register.hasAccount'), to: '/login', linkText: t('register.loginLink') },
      }}
    >
      <form className="flex flex-col gap-4" onSubmit={onSubmit}>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label={t('register.firstName')} autoComplete="given-name" {...field('firstName')} />
          <InputField label={t('register.lastName')} autoComplete="family-name" {...field('lastName')} />
        </div>
        <InputField
          label={t('register.email')}
          type="email"
          autoComplete="email"
          required
          {...field('email')}
        />
        <InputField
          label={t('register.password')}
          type="password"
          autoComplete="new-password"
          required
          hint={t('register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          {...field('password')}
        />
        <InputField
          label={t('register.confirmPassword')}
          type="password"
          autoComplete="new-password"
          required
          {...field('confirmPassword')}
        />
        <Button type="submit" disabled={registerMutation.isPending}>
          <UserPlus aria-hidden="true" />
          {t('register.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
