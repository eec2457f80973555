import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LogIn } from 'lucide-react';
import { HttpError } from '../../lib/api-client';
import { serverErrorText } from '../../lib/error-text';
import { useDocumentTitle } from '../../lib/hooks/document-title.hook';
import { Button } from '../../ui/button.component';
import { InputField } from '../../ui/field.component';
import { toast } from '../../ui/toast-store';
import { useLoginMutation } from './api/login.api';
import { AuthCard } from './components/auth-card.component';
import { ExternalSignIn } from './components/external-sign-in.component';

export function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('login.documentTitle'));
  const navigate = useNavigate();
  const loginMutation = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    loginMutation.mutate(
      { email, password },
      {
        onSuccess: () => void navigate('/', { replace: true }),
        onError: (error) => {
          if (!(error instanceof HttpError)) {
            toast({
              variant: 'destructive',
              title: t('login.errorTitle'),
              description: t('login.networkError'),
            });
            return;
          }
          // 401 is the spec's 'Неверные учетные данные'; a rate limit or a bad request names its code.
          const description =
            error.status === 401
              ? t('login.invalidCredentials')
              : (serverErrorText(t, error) ?? t('login.invalidCredentials'));
          toast({ variant: 'destructive', title: t('login.failedTitle'), description });
        },
      },
    );
  };

  return (
    <AuthCard
      title={t('login.title')}
      description={t('login.description')}
      contentClassName="flex flex-col gap-6"
      footer={{
        switchTo: { prompt: t('login.noAccount'), to: '/register', linkText: t('login.registerLink') },
      }}
    >
      <ExternalSignIn />
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        {t('login.divider')}
        <span className="h-px flex-1 bg-border" />
      </div>
      <form className="flex flex-col gap-4" onSubmit={onSubmit}>
        <InputField
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <InputField
          label={t('login.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" disabled={loginMutation.isPending}>
          <LogIn aria-hidden="true" />
          {t('login.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
