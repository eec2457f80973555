import { useState } from 'react';

/**
 * The full-screen players' backdrop (Learn's card, the audiobook's sentence): the picture filling the screen,
 * none when it fails to load, under a gradient whose strength is the learner's `overlayOpacity` (0–100).
 */
export function PictureBackdrop({
  picture,
  overlayOpacity,
  testId,
  onSettled,
}: {
  picture: string | null;
  overlayOpacity: number;
  testId: string;
  /** The picture has loaded or failed. */
  onSettled?: () => void;
}) {
  const [failedPicture, setFailedPicture] = useState<string | null>(null);
  const opacity = Math.min(100, Math.max(0, overlayOpacity)) / 100;
  return (
    <>
      {picture && failedPicture !== picture ? (
        <img
          key={picture}
          src={picture}
          alt=""
          decoding="async"
          // What the screen is about: before the screen's other files where the browser weighs them.
          fetchPriority="high"
          onLoad={onSettled}
          onError={() => {
            setFailedPicture(picture);
            onSettled?.();
          }}
          className="absolute inset-0 size-full object-cover"
          data-testid={testId}
        />
      ) : null}
      <div
        aria-hidden="true"
        className="absolute inset-0"
        style={{
          background: `linear-gradient(to bottom, rgba(0,0,0,${opacity * 0.35}) 0%, rgba(0,0,0,${opacity * 0.6}) 45%, rgba(0,0,0,${opacity}) 100%)`,
        }}
      />
    </>
  );
}
