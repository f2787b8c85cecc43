// An image that fills its box (object-cover), or a gradient in its place when there is none:
// the project and course pictures. `eager` for the first one on a page (its largest paint).
/** What a page gives a picture of its own kind (a project's, a course's). */
export interface PictureProps {
  src: string;
  className: string;
  eager?: boolean;
}

export function CoverImage({
  src,
  className,
  eager = false,
  width,
  height,
  gradient,
  fallbackTestId,
  srcSet,
  sizes,
}: {
  /** null: no picture, the gradient instead. */
  src: string | null;
  className: string;
  eager?: boolean;
  width: number;
  height: number;
  /** The gradient's colour stops (Tailwind `from-… via-… to-…`). */
  gradient: string;
  fallbackTestId?: string;
  srcSet?: string;
  sizes?: string;
}) {
  if (!src) {
    return (
      <div
        data-testid={fallbackTestId}
        aria-hidden="true"
        className={`${className} bg-gradient-to-br ${gradient}`}
      />
    );
  }
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      alt=""
      width={width}
      height={height}
      className={`${className} object-cover`}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
    />
  );
}
