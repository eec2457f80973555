import { type ChangeEvent, type SubmitEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileText, LoaderCircle, Upload } from 'lucide-react';
import { Button } from '../../../ui/button.component';
import { Card, CardContent, CardHeader, CardTitle } from '../../../ui/card.component';
import { FilePicker } from '../../../ui/file-picker.component';
import { Label } from '../../../ui/label.component';
import { Field } from '../../../ui/field.component';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../ui/select.component';
import { Textarea } from '../../../ui/textarea.component';
import {
  checkUploadFile,
  countWordLines,
  type FileProblem,
  formatFileSize,
  hasText,
} from '../lib/upload-text';
import type { UploadChoices } from '../lib/upload-job-state';
import {
  isUploadImageStyle,
  UPLOAD_IMAGE_STYLES,
  UPLOAD_STYLE_TABLE,
  type UploadImageStyleKey,
} from '../../../../shared/catalogs/image-styles';

interface UploadFormProps {
  /** A job is starting or running: no second upload until it ends. */
  isBusy: boolean;
  /** The learner's `autoGenerateImages` setting; undefined while it loads (the server then applies it). */
  autoGenerateImages: boolean | undefined;
  /** The learner's upload style (`defaultImageStyle`); undefined while it loads (the server then applies it). */
  defaultImageStyle: UploadImageStyleKey | undefined;
  /** Resolves true once the job started. */
  onSubmitText: (text: string, choices: UploadChoices) => Promise<boolean>;
  onSubmitFile: (file: File | null, choices: UploadChoices) => Promise<boolean>;
  /** The lines the last upload of this tab did not add: they come back into the box once it ends. */
  returnedLines: { jobId: string; text: string } | null;
}

/**
 * The paste box with its formats, the 'Загрузить слова' button, the .txt file upload, and the pictures box
 * and picture style for both, which start as the learner's settings say (docs/product/upload.md#upload-screen).
 */
export function UploadForm({
  isBusy,
  autoGenerateImages,
  defaultImageStyle,
  onSubmitText,
  onSubmitFile,
  returnedLines,
}: UploadFormProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const formatsId = useId();
  const imagesId = useId();
  const imagesHintId = useId();
  const [text, setText] = useState('');
  const returnedHintId = useId();
  const [takenBackJobId, setTakenBackJobId] = useState<string | null>(null);
  const [hasReturnedLines, setHasReturnedLines] = useState(false);
  // Adjusted while rendering, as React advises for state that follows a prop: after what the learner typed
  // meanwhile, never over it (docs/product/upload.md#lines-not-added).
  if (returnedLines && returnedLines.jobId !== takenBackJobId) {
    setTakenBackJobId(returnedLines.jobId);
    setHasReturnedLines(returnedLines.text !== '');
    if (returnedLines.text !== '')
      setText((current) => (hasText(current) ? `${current}\n${returnedLines.text}` : returnedLines.text));
  }
  /** Null until the learner ticks or unticks the box: until then it follows the setting. */
  const [imagesChoice, setImagesChoice] = useState<boolean | null>(null);
  /** Null until the learner picks a style for this upload: until then it follows the setting. */
  const [styleChoice, setStyleChoice] = useState<UploadImageStyleKey | null>(null);
  const lineCount = countWordLines(text);
  const choices: UploadChoices = {
    generateImages: imagesChoice ?? autoGenerateImages,
    imageStyle: styleChoice ?? defaultImageStyle,
  };
  const styleName = (key: UploadImageStyleKey) =>
    i18n.language === 'en' ? UPLOAD_STYLE_TABLE[key].nameEn : UPLOAD_STYLE_TABLE[key].nameRu;

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy || !hasText(text)) return;
    if (await onSubmitText(text, choices)) {
      setText('');
      setHasReturnedLines(false);
    }
  };

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{t('upload.form.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="flex items-start gap-3">
          <input
            id={imagesId}
            type="checkbox"
            checked={choices.generateImages ?? true}
            onChange={(event) => setImagesChoice(event.target.checked)}
            aria-describedby={imagesHintId}
            className="mt-0.5 size-5 shrink-0 cursor-pointer accent-primary"
          />
          <div className="flex flex-col gap-0.5">
            <Label htmlFor={imagesId} className="cursor-pointer">
              {t('upload.form.generateImages')}
            </Label>
            <p id={imagesHintId} className="text-sm text-muted-foreground">
              {t('upload.form.generateImagesHint')}
            </p>
          </div>
        </div>
        {/* docs/product/upload.md#picture-style: the setting's style, or another for this upload. */}
        <Field label={t('upload.form.imageStyle')} className="sm:max-w-xs">
          {(control) => (
            <Select
              value={choices.imageStyle ?? ''}
              disabled={choices.generateImages === false}
              onValueChange={(value) => {
                if (isUploadImageStyle(value)) setStyleChoice(value);
              }}
            >
              <SelectTrigger {...control}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {UPLOAD_IMAGE_STYLES.map((key) => (
                  <SelectItem key={key} value={key}>
                    {`${UPLOAD_STYLE_TABLE[key].iconEmoji} ${styleName(key)}`}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </Field>
        <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
          <Label htmlFor={textId}>{t('upload.form.textLabel')}</Label>
          <Textarea
            id={textId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('upload.form.placeholder')}
            aria-describedby={hasReturnedLines ? `${returnedHintId} ${formatsId}` : formatsId}
            rows={10}
            spellCheck={false}
            className="min-h-56 font-mono"
          />
          {hasReturnedLines ? (
            <p id={returnedHintId} role="status" className="text-sm text-amber-700 dark:text-amber-400">
              {t('upload.form.linesNotAdded')}
            </p>
          ) : null}
          <div id={formatsId} className="flex flex-col gap-1 text-sm text-muted-foreground">
            <p className="font-medium text-foreground">{t('upload.form.formatsTitle')}</p>
            <ul className="list-inside list-disc">
              <li>
                <code>🏠 {t('upload.form.formatSlash')}</code>
              </li>
              <li>
                <code>📚 {t('upload.form.formatBar')}</code>
              </li>
              <li>{t('upload.form.formatTab')}</li>
              <li>
                <code>{t('upload.form.formatDash')}</code>
              </li>
            </ul>
            <p>{t('upload.form.emojiNote')}</p>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
              {t('upload.form.lineCount', { count: lineCount })}
            </p>
            <Button type="submit" disabled={isBusy || !hasText(text)} className="w-full sm:w-auto">
              {isBusy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Upload aria-hidden />}
              {isBusy ? t('upload.form.submitting') : t('upload.form.submit')}
            </Button>
          </div>
        </form>
        <FileUpload isBusy={isBusy} onSubmitFile={(file) => onSubmitFile(file, choices)} />
      </CardContent>
    </Card>
  );
}

function FileUpload({
  isBusy,
  onSubmitFile,
}: {
  isBusy: boolean;
  onSubmitFile: (file: File | null) => Promise<boolean>;
}) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const problemId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<{ kind: FileProblem; name: string; size: string } | null>(null);

  const sizeText = (bytes: number) => {
    const { value, unit } = formatFileSize(bytes, i18n.language);
    return t(`upload.form.sizeUnits.${unit}`, { value });
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    const kind = chosen ? checkUploadFile(chosen) : null;
    if (chosen && kind) {
      setProblem({ kind, name: chosen.name, size: sizeText(chosen.size) });
      setFile(null);
      event.target.value = '';
      return;
    }
    setProblem(null);
    setFile(chosen);
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    if (await onSubmitFile(file)) {
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  return (
    <form className="flex flex-col gap-3 border-t pt-6" onSubmit={(event) => void submit(event)}>
      <h3 className="font-semibold">{t('upload.form.fileTitle')}</h3>
      <Label htmlFor={inputId}>{t('upload.form.fileLabel')}</Label>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <FilePicker
          inputRef={inputRef}
          id={inputId}
          accept=".txt,text/plain"
          onChange={choose}
          fileName={file?.name ?? null}
          aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
          aria-invalid={problem ? true : undefined}
        />
        <Button type="submit" variant="outline" disabled={isBusy} className="shrink-0">
          <FileText aria-hidden />
          {t('upload.form.fileSubmit')}
        </Button>
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        {file
          ? t('upload.form.fileSelected', { name: file.name, size: sizeText(file.size) })
          : t('upload.form.fileHint')}
      </p>
      {problem ? (
        <p id={problemId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {problem.kind === 'tooLarge'
            ? t('upload.form.fileTooLarge', { name: problem.name, size: problem.size })
            : t('upload.form.fileWrongType', { name: problem.name })}
        </p>
      ) : null}
    </form>
  );
}
