import { useTranslation } from 'react-i18next';
import {
  Toast,
  ToastAction,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast.component';
import { useToast } from './toast.hook';

export function Toaster() {
  const { t } = useTranslation();
  const { toasts, dismiss } = useToast();
  return (
    <ToastProvider label={t('toast.label')}>
      {toasts.map(({ id, title, description, variant, duration, isOpen, action }) => (
        <Toast
          key={id}
          open={isOpen}
          onOpenChange={(isNowOpen) => {
            if (!isNowOpen) dismiss(id);
          }}
          variant={variant}
          duration={duration}
        >
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action ? (
            <ToastAction altText={action.label} onClick={action.onAction}>
              {action.label}
            </ToastAction>
          ) : null}
          <ToastClose label={t('toast.close')} />
        </Toast>
      ))}
      <ToastViewport label={t('toast.viewport')} />
    </ToastProvider>
  );
}
