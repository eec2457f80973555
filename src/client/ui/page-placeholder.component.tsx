import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Construction } from 'lucide-react';

/** Holds a screen's place (with its real title) until the issue that builds it lands. */
export function PagePlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-4 py-16 text-center">
      <Construction className="size-10 text-accent-text" aria-hidden="true" />
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{t('common.comingSoon')}</p>
      {children}
    </div>
  );
}
