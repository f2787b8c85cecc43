import { CoverImage, type PictureProps } from "#app/components/ui/cover-image.tsx";

/** The course image shipped with the app: sized, with a smaller variant for phones. */
export function CourseImage({ src, className, eager = false }: PictureProps) {
  const small = src.replace(/\.webp$/, "-480.webp");
  return (
    <CoverImage
      src={src || null}
      className={className}
      eager={eager}
      width={960}
      height={540}
      gradient="from-brand-700 via-brand-600 to-accent-500"
      srcSet={src.endsWith(".webp") ? `${small} 480w, ${src} 960w` : undefined}
      sizes="(min-width: 1024px) 480px, 100vw"
    />
  );
}
