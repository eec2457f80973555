import { Fragment } from 'react';

/**
 * Example sentences mark the learnt word with `** **` (DESIGN §4); the marked part is shown in bold
 * instead of printing the asterisks.
 */
export function HighlightedText({ text }: { text: string }) {
  const parts = text.split('**');
  // An odd count of markers leaves the last one unmatched: show the text as it is rather than guess.
  if (parts.length % 2 === 0) return <>{text}</>;
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // Parts never move or change order within one sentence, so their position is a stable key.
          <strong key={index} className="font-semibold text-foreground">
            {part}
          </strong>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
