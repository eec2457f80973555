import { useTranslation } from 'react-i18next';
import { IMAGE_STYLES } from '../../../../shared/catalogs/image-styles';
import { Button } from '../../../ui/button.component';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../ui/dialog.component';

/** docs/product/learn.md#menu: six styles in two columns, 1, 4, 6 on the left and 2, 3, 5 on the right. */
const COLUMNS = [
  [1, 4, 6],
  [2, 3, 5],
] as const;

interface ImageStyleDialogProps {
  isOpen: boolean;
  word: string;
  onOpenChange: (isOpen: boolean) => void;
  onChoose: (styleId: number) => void;
}

export function ImageStyleDialog({ isOpen, word, onOpenChange, onChoose }: ImageStyleDialogProps) {
  const { t, i18n } = useTranslation();
  const isRussian = i18n.language.startsWith('ru');
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md" closeLabel={t('learn.close')}>
        <DialogHeader>
          <DialogTitle>{t('learn.imageStyleDialog.title')}</DialogTitle>
          <DialogDescription>{t('learn.imageStyleDialog.description', { word })}</DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-2 gap-3">
          {COLUMNS.map((column) => (
            <div key={column[0]} className="flex flex-col gap-3">
              {column.map((styleId) => {
                const style = IMAGE_STYLES.find((candidate) => candidate.id === styleId);
                if (!style) return null;
                return (
                  <Button
                    key={style.id}
                    variant="outline"
                    className="h-auto justify-start gap-2 py-3 whitespace-normal"
                    onClick={() => onChoose(style.id)}
                  >
                    <span aria-hidden className="text-xl">
                      {style.iconEmoji}
                    </span>
                    {isRussian ? style.nameRu : style.nameEn}
                  </Button>
                );
              })}
            </div>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
