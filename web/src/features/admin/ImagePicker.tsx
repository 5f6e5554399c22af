import { useEffect, useId, useRef } from 'react';
import { Box, Button, CloseButton, Field, HStack, Image } from '@chakra-ui/react';
import { LuImagePlus } from 'react-icons/lu';
import { isAcceptedImage, type FormImage } from './product-form-schema';
import { megabytes, tooLargeMessage } from './upload-limits';
import { focusIsLost } from '../../lib/focus-lost';
import { announce } from '../../lib/announce';

const NOT_IMAGES = 'Only JPEG, PNG, WebP or AVIF images can be uploaded.';

/**
 * The types every browser with createImageBitmap decodes. AVIF is left to the server: Safari before 16.4 has
 * createImageBitmap but cannot decode it, and would refuse a good picture.
 */
const DECODED_HERE = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** Whether the browser reads each of `files` as a picture: one at a time, each picture's pixels let go at once. */
async function allDecode(files: File[]): Promise<boolean> {
  for (const file of files) {
    if (!DECODED_HERE.has(file.type)) continue;
    try {
      (await createImageBitmap(file)).close();
    } catch {
      return false;
    }
  }
  return true;
}

/** How many images the field holds now, said after an add or a remove (one image alone needs no count). */
const held = (count: number, max: number) => (max === 1 ? '' : ` ${count} of ${max} images.`);

/**
 * File picker with previews and a remove button per image. Previews of new files are object
 * URLs, released when removed or when the form goes away.
 */
export function ImagePicker({
  label,
  images,
  max,
  maxBytes,
  error,
  onChange,
  onError,
  canRemove = () => true,
}: {
  label: string;
  images: FormImage[];
  max: number;
  /** The largest file the server takes; a bigger one is refused here, before it is sent. */
  maxBytes?: number;
  error?: string;
  onChange: (images: FormImage[]) => void;
  onError: (message: string | undefined) => void;
  /** Returns false (after reporting why) to keep the image. */
  canRemove?: (image: FormImage) => boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  // The file input is hidden (the Add button opens its chooser): the label, the invalid state and the error or helper
  // text go to the Add button, which the keyboard and screen readers reach (and the first invalid field's focus
  // finds). The error and the helper never show together, so they share one id, as in FormField; the field's group is
  // named by its label.
  const id = useId();
  const addId = `${id}-add`;
  const note = `${id}-note`;
  const size = maxBytes === undefined ? undefined : `${megabytes(maxBytes)} MB`;
  const area = useRef<HTMLDivElement>(null);
  const previews = useRef(new Set<string>());
  // A removed image takes its Remove button with it, and the last image added takes the Add button: the keyboard goes
  // to the Remove button now at that place (or the one before it, or Add), not to the page.
  const refocus = useRef<number | null>(null);
  useEffect(() => {
    const at = refocus.current;
    refocus.current = null;
    if (at === null || !focusIsLost()) return;
    const removes = area.current?.querySelectorAll<HTMLElement>('[data-remove]') ?? [];
    (removes[Math.min(at, removes.length - 1)] ?? area.current?.querySelector<HTMLElement>('[data-add]'))?.focus();
  }, [images]);
  // The list as last changed: a pick is added once its files are decoded, to the list as it is by then.
  const latest = useRef(images);
  useEffect(() => {
    latest.current = images;
  }, [images]);
  const mounted = useRef(true);
  useEffect(() => {
    const urls = previews.current;
    mounted.current = true;
    return () => {
      mounted.current = false;
      urls.forEach((url) => URL.revokeObjectURL(url));
    };
  }, []);
  const change = (next: FormImage[]) => {
    latest.current = next;
    onChange(next);
  };
  const tooMany = (count: number) => {
    if (count <= max) return false;
    onError(max === 1 ? 'Only one image can be uploaded.' : `At most ${max} images.`);
    return true;
  };

  const add = (files: FileList | null) => {
    if (!files?.length) return;
    const picked = Array.from(files);
    if (picked.some((f) => !isAcceptedImage(f))) {
      onError(NOT_IMAGES);
      return;
    }
    if (maxBytes !== undefined && picked.some((f) => f.size > maxBytes)) {
      onError(tooLargeMessage(maxBytes));
      return;
    }
    const count = (list: FormImage[]) => list.length + picked.length;
    if (tooMany(count(images))) return;
    const accept = () => {
      // Gone meanwhile, or the list grew meanwhile (another pick, decoded first)
      if (!mounted.current || tooMany(count(latest.current))) return;
      onError(undefined);
      const added = picked.map((file): FormImage => {
        const src = URL.createObjectURL(file);
        previews.current.add(src);
        return { kind: 'new', file, src };
      });
      const next = max === 1 ? added : [...latest.current, ...added];
      refocus.current = next.length - 1;
      change(next);
      // The previews appear where the reader is not (the keyboard stays on Add while it is there): said.
      announce(`${added.length === 1 ? 'Image' : `${added.length} images`} added.${held(next.length, max)}`);
    };
    // The type a file comes with is guessed from its name: one the browser cannot decode (a text file called .png) is
    // refused here, not by the server after the upload, where it could only be swapped for another. A browser without
    // createImageBitmap leaves that to the server.
    if (typeof createImageBitmap !== 'function') return accept();
    void allDecode(picked).then((decoded) => {
      if (decoded) accept();
      else if (mounted.current) onError(NOT_IMAGES);
    });
  };

  const remove = (image: FormImage) => {
    if (!canRemove(image)) return;
    onError(undefined);
    if (image.kind === 'new') {
      URL.revokeObjectURL(image.src);
      previews.current.delete(image.src);
    }
    const at = images.indexOf(image);
    refocus.current = at;
    change(images.filter((i) => i !== image));
    announce(`Image ${max === 1 ? '' : `${at + 1} `}removed.${held(images.length - 1, max)}`);
  };

  return (
    <Field.Root
      invalid={Boolean(error)}
      id={addId}
      ids={{ label: `${id}-label`, helperText: note, errorText: note }}
      aria-labelledby={`${id}-label`}
    >
      <Field.Label>{label}</Field.Label>
      <HStack ref={area} gap="3" flexWrap="wrap" align="start">
        {images.map((image, i) => (
          <Box
            key={image.src}
            position="relative"
            width="120px"
            height="90px"
            rounded="md"
            overflow="hidden"
            borderWidth="1px"
          >
            <Image src={image.src} alt={`Preview ${i + 1}`} w="120px" h="90px" objectFit="cover" />
            <CloseButton
              size="2xs"
              variant="solid"
              position="absolute"
              top="1"
              right="1"
              aria-label={`Remove image ${i + 1}`}
              data-remove
              onClick={() => remove(image)}
            />
          </Box>
        ))}
        {images.length < max && (
          <Button
            id={addId}
            variant="outline"
            height="90px"
            width="120px"
            aria-label={max === 1 ? 'Add an image' : 'Add images'}
            aria-invalid={error ? true : undefined}
            aria-describedby={note}
            borderColor={error ? 'border.error' : undefined} // red with its error, as the text fields are
            data-add
            onClick={() => input.current?.click()}
          >
            <LuImagePlus /> Add
          </Button>
        )}
      </HStack>
      {/* A plain input, not Chakra's: Chakra's would take the field's id, state and descriptions from Field.Root. */}
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        multiple={max > 1}
        hidden
        aria-label={`${label} files`}
        onChange={(e) => {
          add(e.target.files);
          e.target.value = '';
        }}
      />
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        <Field.HelperText>
          {max === 1
            ? `One image, optional: JPEG, PNG, WebP or AVIF${size ? `, ${size} at most` : ''}.`
            : `Up to ${max} images: JPEG, PNG, WebP or AVIF${size ? `, ${size} each` : ''}.`}
        </Field.HelperText>
      )}
    </Field.Root>
  );
}
