import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { INTERFACE_LANGUAGES } from '../../shared/catalogs/appearance';
import { changeInterfaceLanguage } from '../i18n/setup';
import { SkipLink } from './skip-link.component';

function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <div role="group" aria-label={t('language.label')} className="flex gap-1">
      {INTERFACE_LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={i18n.language === language}
          onClick={() => void changeInterfaceLanguage(language)}
          // Either colour, never both: the first page carries no class merging (lib/cn.ts).
          className={`rounded-md px-2 py-1 text-sm hover:bg-accent hover:text-accent-foreground ${
            i18n.language === language
              ? 'bg-accent font-semibold text-accent-foreground'
              : 'text-muted-foreground'
          }`}
        >
          {t(`language.${language}`)}
        </button>
      ))}
    </div>
  );
}

/** Landing and sign-in pages: the app name and the interface language, nothing that needs a session. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh bg-background text-foreground">
      <SkipLink />
      <header className="border-b">
        <div className="mx-auto flex h-14 max-w-5xl items-center justify-between px-4">
          <Link to="/" className="text-lg font-bold tracking-tight">
            {t('common.appName')}
          </Link>
          <LanguageSwitch />
        </div>
      </header>
      <main id="main" className="mx-auto max-w-5xl px-4 py-6">
        {children ?? <Outlet />}
      </main>
    </div>
  );
}
