import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import { authPaths } from '../../../../shared/api/auth';
import { Button } from '../../../ui/button.component';
import { useAuthProviders } from '../api/auth-providers.api';

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M22.6 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2.1-1.9 3.3-4.8 3.3-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8l3.7-2.8z" />
      <path
        fill="#EA4335"
        d="M12 5.4c1.6 0 3.1.6 4.2 1.6l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z"
      />
    </svg>
  );
}

/**
 * The hosted (OpenID Connect) and Google sign-in buttons. Each is a full page load to a server redirect;
 * one this server has not configured is shown disabled with a hint (docs/product/auth.md#sign-in-methods).
 */
export function ExternalSignIn() {
  const { t } = useTranslation();
  const hintId = useId();
  const { data: providers } = useAuthProviders();
  const isHostedAvailable = providers?.hosted ?? false;
  const isGoogleAvailable = providers?.google ?? false;
  const hints = [
    providers && !isHostedAvailable ? t('login.hostedUnavailable') : undefined,
    providers && !isGoogleAvailable ? t('login.googleUnavailable') : undefined,
  ].filter((hint): hint is string => hint !== undefined);

  return (
    <div className="flex flex-col gap-3">
      <Button
        variant="outline"
        disabled={!isHostedAvailable}
        aria-describedby={hints.length > 0 ? hintId : undefined}
        onClick={() => window.location.assign(authPaths.hostedLogin)}
      >
        <KeyRound aria-hidden="true" />
        {t('login.hosted')}
      </Button>
      <Button
        variant="outline"
        disabled={!isGoogleAvailable}
        aria-describedby={hints.length > 0 ? hintId : undefined}
        onClick={() => window.location.assign(authPaths.googleLogin)}
      >
        <GoogleMark />
        {t('login.google')}
      </Button>
      {hints.length > 0 ? (
        <ul id={hintId} className="flex flex-col gap-1 text-xs text-muted-foreground">
          {hints.map((hint) => (
            <li key={hint}>{hint}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
