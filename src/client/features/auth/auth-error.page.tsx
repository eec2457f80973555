import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AlertTriangle, Home, RotateCcw } from 'lucide-react';
import { authPaths } from '../../../shared/api/auth';
import { useDocumentTitle } from '../../lib/hooks/document-title.hook';
import { Button } from '../../ui/button.component';
import { AuthCard } from './components/auth-card.component';

type ReasonText = { titleKey: `authError.${string}Title`; descriptionKey: `authError.${string}Description` };

const REASON_TEXTS = {
  auth_error: { titleKey: 'authError.authErrorTitle', descriptionKey: 'authError.authErrorDescription' },
  no_user: { titleKey: 'authError.noUserTitle', descriptionKey: 'authError.noUserDescription' },
  login_failed: {
    titleKey: 'authError.loginFailedTitle',
    descriptionKey: 'authError.loginFailedDescription',
  },
} as const satisfies Record<string, ReasonText>;

const UNKNOWN_REASON = {
  titleKey: 'authError.unknownTitle',
  descriptionKey: 'authError.unknownDescription',
} as const satisfies ReasonText;

export function reasonTexts(reason: string | null) {
  return reason !== null && Object.hasOwn(REASON_TEXTS, reason)
    ? REASON_TEXTS[reason as keyof typeof REASON_TEXTS]
    : UNKNOWN_REASON;
}

const TIP_KEYS = [
  'authError.tipReload',
  'authError.tipCookies',
  'authError.tipExtensions',
  'authError.tipEmail',
] as const;

/**
 * Where a failed external sign-in lands; the text follows the `reason` parameter
 * (docs/product/auth.md#auth-error-page).
 */
export function AuthErrorPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('authError.documentTitle'));
  const [searchParams] = useSearchParams();
  const { titleKey, descriptionKey } = reasonTexts(searchParams.get('reason'));

  return (
    <AuthCard
      title={t(titleKey)}
      description={t(descriptionKey)}
      icon={<AlertTriangle className="size-10 text-destructive" aria-hidden="true" />}
      width="wide"
      footer={{
        actions: (
          <>
            <Button asChild variant="outline">
              <Link to="/">
                <Home aria-hidden="true" />
                {t('authError.home')}
              </Link>
            </Button>
            <Button onClick={() => window.location.assign(authPaths.hostedLogin)}>
              <RotateCcw aria-hidden="true" />
              {t('authError.retry')}
            </Button>
          </>
        ),
      }}
    >
      <h2 className="mb-2 text-sm font-semibold">{t('authError.tipsTitle')}</h2>
      <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
        {TIP_KEYS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
    </AuthCard>
  );
}
