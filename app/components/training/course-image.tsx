/** The course image shipped with the app: sized, with a smaller variant for phones. */
export function CourseImage({
  src,
  className,
  eager = false,
}: {
  src: string;
  className: string;
  eager?: boolean;
}) {
  if (!src) {
    return (
      <div
        aria-hidden="true"
        className={`${className} bg-gradient-to-br from-brand-700 via-brand-600 to-accent-500`}
      />
    );
  }
  const small = src.replace(/\.webp$/, "-480.webp");
  return (
    <img
      src={src}
      srcSet={src.endsWith(".webp") ? `${small} 480w, ${src} 960w` : undefined}
      sizes="(min-width: 1024px) 480px, 100vw"
      alt=""
      width={960}
      height={540}
      className={`${className} object-cover`}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
    />
  );
}
