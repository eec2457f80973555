import { type ReactNode, type SyntheticEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleCheck, KeyRound, LoaderCircle, Trash2 } from 'lucide-react';
import { Button } from '../../../ui/button.component';
import { Input } from '../../../ui/input.component';
import { Field } from '../../../ui/field.component';
import { serverErrorText } from '../../../lib/error-text';
import { toast } from '../../../ui/toast-store';
import { KeyInvalidNotice } from './key-invalid-notice.component';

/** docs/product/settings.md#key-check: unknown until checked here, then valid or invalid. */
export type KeyStatus = 'unknown' | 'valid' | 'invalid';

interface ApiKeyFieldProps {
  /** The provider's name as the texts use it: 'OpenAI', 'ElevenLabs', 'Leonardo'. */
  providerName: string;
  label: string;
  hasKey: boolean;
  /**
   * The saved key, masked (`sk-…9fA2`); the key itself never reaches the browser
   * (docs/product/providers.md#keys).
   */
  hint: string | null;
  /** The saved key was sealed under another server secret: it exists but cannot be used. */
  isUnreadable?: boolean;
  /** Asks the server to check the key; it saves a valid one itself. */
  check: (apiKey: string) => Promise<{ valid: boolean }>;
  isChecking: boolean;
  /** False while something else the check sends is wrong (the OpenAI base URL). */
  canApply?: boolean;
  onRemove: () => void;
  isRemoving: boolean;
  /** Fields sent with the key (the OpenAI base URL), shown under it. */
  children?: ReactNode;
}

/** A masked key input with Apply, the saved key's hint, its check result and a way to remove it. */
export function ApiKeyField({
  providerName,
  label,
  hasKey,
  hint,
  isUnreadable = false,
  check,
  isChecking,
  canApply = true,
  onRemove,
  isRemoving,
  children,
}: ApiKeyFieldProps) {
  const { t } = useTranslation();
  const savedId = useId();
  const [draft, setDraft] = useState('');
  const [status, setStatus] = useState<KeyStatus>('unknown');
  const [isConfirmingRemoval, setIsConfirmingRemoval] = useState(false);
  const apiKey = draft.trim();
  const isApplyDisabled = apiKey === '' || isChecking || !canApply;

  const apply = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (isApplyDisabled) return;
    try {
      const { valid } = await check(apiKey);
      setStatus(valid ? 'valid' : 'invalid');
      if (valid) {
        // Saved on the server; the browser keeps no copy.
        setDraft('');
        toast({
          title: t('settingsProviders.common.successTitle'),
          description: t('settingsProviders.keys.validToast', { provider: providerName }),
        });
      } else {
        toast({
          title: t('settingsProviders.common.errorTitle'),
          description: t('settingsProviders.keys.invalidToast', { provider: providerName }),
          variant: 'destructive',
        });
      }
    } catch (error) {
      // The check itself failed (network, provider down, an endpoint address the server refuses): the
      // key's validity is still unknown; the server's reason, when it gave one, says what to change.
      setStatus('unknown');
      const reason = serverErrorText(t, error);
      toast({
        title: t('settingsProviders.common.errorTitle'),
        description: (
          <>
            {t('settingsProviders.keys.checkFailed', { provider: providerName })}
            {reason ? <span className="mt-1 block">{reason}</span> : null}
          </>
        ),
        variant: 'destructive',
      });
    }
  };

  return (
    <form className="flex flex-col gap-3" onSubmit={(event) => void apply(event)} noValidate>
      <Field label={label}>
        {(control) => (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              {...control}
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder={t('settingsProviders.keys.placeholder')}
              aria-describedby={savedId}
              aria-invalid={status === 'invalid' ? true : undefined}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              className="sm:flex-1"
            />
            <Button type="submit" disabled={isApplyDisabled}>
              {isChecking ? <LoaderCircle className="animate-spin" aria-hidden /> : <KeyRound aria-hidden />}
              {isChecking ? t('settingsProviders.common.checking') : t('settingsProviders.common.apply')}
            </Button>
          </div>
        )}
      </Field>
      {children}
      <div className="flex flex-wrap items-center gap-3 text-sm" id={savedId}>
        <span className="text-muted-foreground">
          {hasKey
            ? t('settingsProviders.keys.savedHint', { hint: hint ?? '…' })
            : t('settingsProviders.keys.notSaved')}
        </span>
        {status === 'valid' ? (
          <span
            role="status"
            className="inline-flex items-center gap-1 font-medium text-green-700 dark:text-green-400"
          >
            <CircleCheck className="size-4" aria-hidden />
            {t('settingsProviders.keys.statusValid')}
          </span>
        ) : null}
        {hasKey ? (
          isConfirmingRemoval ? (
            <span className="inline-flex flex-wrap items-center gap-2">
              <span>{t('settingsProviders.keys.removeConfirm', { provider: providerName })}</span>
              <Button
                variant="destructive"
                size="sm"
                disabled={isRemoving}
                onClick={() => {
                  setIsConfirmingRemoval(false);
                  setStatus('unknown');
                  onRemove();
                }}
              >
                {t('settingsProviders.keys.removeYes')}
              </Button>
              <Button variant="outline" size="sm" onClick={() => setIsConfirmingRemoval(false)}>
                {t('settingsProviders.common.cancel')}
              </Button>
            </span>
          ) : (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setIsConfirmingRemoval(true)}
              disabled={isRemoving}
            >
              <Trash2 aria-hidden />
              {t('settingsProviders.keys.remove')}
            </Button>
          )
        ) : null}
      </div>
      {hasKey && isUnreadable && status !== 'valid' ? (
        <p role="alert" className="text-sm font-medium text-destructive dark:text-red-400">
          {t('settingsProviders.keys.unreadable', { provider: providerName })}
        </p>
      ) : null}
      {status === 'invalid' ? <KeyInvalidNotice providerName={providerName} /> : null}
    </form>
  );
}
