import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '../../../ui/dialog.component';
import type { DictionaryWord } from '../../../lib/api/words.api';

/** A dialog about one word of the list: open while there is a word, closed by the dictionary's close button. */
export function WordDialog({
  word,
  onClose,
  className,
  children,
}: {
  word: DictionaryWord | null;
  onClose: () => void;
  className: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={word !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent closeLabel={t('dictionary.close')} className={className}>
        {children}
      </DialogContent>
    </Dialog>
  );
}
