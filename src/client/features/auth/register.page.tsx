import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { UserPlus } from 'lucide-react';
import { PASSWORD_MIN_LENGTH } from '../../../shared/api/auth';
import { HttpError } from '../../lib/api-client';
import { serverErrorText } from '../../lib/error-text';
import { useDocumentTitle } from '../../lib/hooks/document-title.hook';
import { Button } from '../../ui/button.component';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../ui/card.component';
import { toast } from '../../ui/toast-store';
import { useRegisterMutation } from './api/register.api';
import { FormField } from './components/form-field.component';

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
    <div className="flex justify-center py-6 md:py-12">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1" className="text-2xl font-bold">
            {t('register.title')}
          </CardTitle>
          <CardDescription>{t('register.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="flex flex-col gap-4" onSubmit={onSubmit}>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label={t('register.firstName')} autoComplete="given-name" {...field('firstName')} />
              <FormField label={t('register.lastName')} autoComplete="family-name" {...field('lastName')} />
            </div>
            <FormField
              label={t('register.email')}
              type="email"
              autoComplete="email"
              required
              {...field('email')}
            />
            <FormField
              label={t('register.password')}
              type="password"
              autoComplete="new-password"
              required
              hint={t('register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
              {...field('password')}
            />
            <FormField
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
        </CardContent>
        <CardFooter className="justify-center gap-1 text-sm">
          <span className="text-muted-foreground">{t('register.hasAccount')}</span>
          <Link to="/login" className="font-medium underline underline-offset-4 hover:no-underline">
            {t('register.loginLink')}
          </Link>
        </CardFooter>
      </Card>
    </div>
  );
}
