import { useTranslation } from 'react-i18next';
import {
  IMAGE_STYLES,
  type ImageStyle,
  UPLOAD_IMAGE_STYLES,
  UPLOAD_STYLE_TABLE,
  type UploadImageStyleKey,
} from '../../../../shared/catalogs/image-styles';
import { OptionPicker } from './option-picker.component';

/** The 15 styles as cards: the style's emoji on its own colours, and its name in the interface language. */
export function ImagesStylePicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (key: string) => void;
}) {
  const { i18n } = useTranslation();
  const isEnglish = i18n.language === 'en';
  return (
    <OptionPicker
      label={label}
      value={value}
      onChange={onChange}
      options={IMAGE_STYLES.map((style) => ({
        value: style.key,
        label: isEnglish ? style.nameEn : style.nameRu,
        visual: <StyleSwatch style={style} />,
      }))}
      listClassName="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
      optionClassName="h-full flex-col gap-2 p-3 text-center whitespace-normal [&>svg]:absolute [&>svg]:right-2 [&>svg]:top-2"
    />
  );
}

/** A style's emoji on its own colours. */
function StyleSwatch({ style }: { style: ImageStyle }) {
  return (
    <span
      className="flex size-14 items-center justify-center rounded-lg text-3xl"
      style={{ backgroundImage: `linear-gradient(135deg, ${style.palette[0]}, ${style.palette[1]})` }}
    >
      {style.iconEmoji}
    </span>
  );
}

/** The five upload styles (`defaultImageStyle`, docs/product/upload.md#picture-style) as cards. */
export function UploadStylePicker({
  label,
  description,
  value,
  onChange,
}: {
  label: string;
  description: string;
  value: UploadImageStyleKey;
  onChange: (key: UploadImageStyleKey) => void;
}) {
  const { i18n } = useTranslation();
  const isEnglish = i18n.language === 'en';
  return (
    <OptionPicker
      label={label}
      description={description}
      value={value}
      onChange={onChange}
      options={UPLOAD_IMAGE_STYLES.map((key) => {
        const style = UPLOAD_STYLE_TABLE[key];
        return {
          value: key,
          label: isEnglish ? style.nameEn : style.nameRu,
          visual: <StyleSwatch style={style} />,
        };
      })}
      listClassName="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
      optionClassName="h-full flex-col gap-2 p-3 text-center whitespace-normal [&>svg]:absolute [&>svg]:right-2 [&>svg]:top-2"
    />
  );
}
