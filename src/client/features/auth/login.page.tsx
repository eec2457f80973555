import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LogIn } from 'lucide-react';
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
import { useLoginMutation } from './api/login.api';
import { ExternalSignIn } from './components/external-sign-in.component';
import { FormField } from './components/form-field.component';

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
    <div className="flex justify-center py-6 md:py-12">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1" className="text-2xl font-bold">
            {t('login.title')}
          </CardTitle>
          <CardDescription>{t('login.description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <ExternalSignIn />
          <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
            <span className="h-px flex-1 bg-border" />
            {t('login.divider')}
            <span className="h-px flex-1 bg-border" />
          </div>
          <form className="flex flex-col gap-4" onSubmit={onSubmit}>
            <FormField
              label={t('login.email')}
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <FormField
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
        </CardContent>
        <CardFooter className="justify-center gap-1 text-sm">
          <span className="text-muted-foreground">{t('login.noAccount')}</span>
          <Link to="/register" className="font-medium underline underline-offset-4 hover:no-underline">
            {t('login.registerLink')}
          </Link>
        </CardFooter>
      </Card>
    </div>
  );
}
