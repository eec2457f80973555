/** Image constants used by settings; the full 15-style catalogue arrives with the image features. */

export const UPLOAD_IMAGE_STYLES = ['sketch', 'dramatic', 'horror', 'simple', 'disney'] as const;
export const IMAGE_FORMATS = ['square', 'landscape', 'portrait', 'auto', 'full'] as const;
