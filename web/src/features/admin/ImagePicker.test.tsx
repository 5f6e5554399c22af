import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../app/theme';
import { ImagePicker } from './ImagePicker';
import type { FormImage } from './product-form-schema';
import { spoken } from '../../test/spoken';

function Picker({ initial, max, maxBytes }: { initial: FormImage[]; max: number; maxBytes?: number }) {
  const [images, setImages] = useState(initial);
  const [error, setError] = useState<string>();
  return (
    <ChakraProvider value={system}>
      <ImagePicker
        label="Images"
        images={images}
        max={max}
        maxBytes={maxBytes}
        error={error}
        onChange={setImages}
        onError={setError}
      />
    </ChakraProvider>
  );
}

/** What the browser's file chooser does; the hidden input itself never has the focus (user.upload would give it). */
const choose = (...files: File[]) => fireEvent.change(screen.getByLabelText('Images files'), { target: { files } });
const png = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

const kept = (id: string): FormImage => ({ kind: 'kept', id, src: `/uploads/${id}.webp` });

describe('ImagePicker', () => {
  beforeAll(() => {
    let made = 0;
    URL.createObjectURL = () => `blob:preview-${++made}`; // each preview its own, as the browser's are
    URL.revokeObjectURL = () => {};
  });

  it('keeps the keyboard on the next Remove button, then on Add, as images are removed', async () => {
    render(<Picker initial={[kept('a'), kept('b')]} max={3} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Remove image 1' })).toHaveFocus();
    await waitFor(() => expect(spoken()).toBe('Image 1 removed. 1 of 3 images.'));
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.getByRole('button', { name: 'Add images' })).toHaveFocus();
  });

  it('gives the keyboard to the new Remove button when the last image takes the Add button', async () => {
    render(<Picker initial={[]} max={1} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add an image' }));
    choose(png('a.png', 1));
    expect(screen.queryByRole('button', { name: 'Add an image' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove image 1' })).toHaveFocus();
    await waitFor(() => expect(spoken()).toBe('Image added.'));
  });

  it('says what an add put in where the reader is not: the previews, and how many the field holds', async () => {
    render(<Picker initial={[kept('a')]} max={5} />);
    choose(png('a.png', 1), png('b.png', 1));
    await waitFor(() => expect(spoken()).toBe('2 images added. 3 of 5 images.'));
    expect(screen.getByRole('button', { name: 'Add images' })).toBeInTheDocument();
  });

  it("refuses a file over the server's limit before it is sent, in the server's words, and keeps the others out too", async () => {
    render(<Picker initial={[]} max={5} maxBytes={1.5 * 1024 * 1024} />);
    expect(screen.getByText('Up to 5 images: JPEG, PNG, WebP or AVIF, 1.5 MB each.')).toBeInTheDocument();
    choose(png('small.png', 1024), png('big.png', 1.5 * 1024 * 1024 + 1));
    expect(screen.getByText('Each image must be at most 1.5 MB.')).toBeInTheDocument();
    expect(screen.queryAllByRole('img')).toHaveLength(0);
    // A file of exactly the limit is taken, as the server takes it.
    choose(png('exact.png', 1.5 * 1024 * 1024));
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(screen.queryByText('Each image must be at most 1.5 MB.')).not.toBeInTheDocument();
  });

  it('refuses a file the browser cannot read as a picture, whatever its name says, before it is sent', async () => {
    // jsdom decodes no images: the browser's decoder, as it answers a PNG and a text file called .png
    const decoder = jest.fn((file: File) =>
      file.name === 'fake.png'
        ? Promise.reject(new DOMException('The source image could not be decoded.', 'InvalidStateError'))
        : Promise.resolve({ close: () => {} }),
    );
    Object.assign(globalThis, { createImageBitmap: decoder });
    try {
      render(<Picker initial={[]} max={5} />);
      choose(png('real.png', 10), png('fake.png', 10));
      expect(await screen.findByText('Only JPEG, PNG, WebP or AVIF images can be uploaded.')).toBeInTheDocument();
      expect(screen.queryAllByRole('img')).toHaveLength(0);
      choose(png('real.png', 10));
      expect(await screen.findAllByRole('img')).toHaveLength(1);
      expect(screen.queryByText('Only JPEG, PNG, WebP or AVIF images can be uploaded.')).not.toBeInTheDocument();
      expect(decoder).toHaveBeenCalledTimes(3);
    } finally {
      Reflect.deleteProperty(globalThis, 'createImageBitmap');
    }
  });

  it('adds a picture once decoded to the list as it is by then: a Remove meanwhile stays done', async () => {
    let decoded = () => {};
    Object.assign(globalThis, {
      createImageBitmap: () => new Promise((resolve) => (decoded = () => resolve({ close: () => {} }))),
    });
    try {
      render(<Picker initial={[kept('a'), kept('b')]} max={5} />);
      choose(png('new.png', 10));
      fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
      expect(screen.getAllByRole('img')).toHaveLength(1);
      act(() => decoded());
      await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(2));
      expect(screen.getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([
        '/uploads/b.webp',
        expect.stringMatching(/^blob:preview-/),
      ]);
    } finally {
      Reflect.deleteProperty(globalThis, 'createImageBitmap');
    }
  });

  it('leaves an AVIF to the server: a browser that cannot decode it would refuse a good picture', async () => {
    const decoder = jest.fn(() => Promise.reject(new Error('cannot decode')));
    Object.assign(globalThis, { createImageBitmap: decoder });
    try {
      render(<Picker initial={[]} max={5} />);
      choose(new File([new Uint8Array(10)], 'photo.avif', { type: 'image/avif' }));
      expect(await screen.findAllByRole('img')).toHaveLength(1);
      expect(decoder).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(globalThis, 'createImageBitmap');
    }
  });

  it('marks the Add button, not the hidden file input, invalid and described by the error, else by the help', () => {
    render(<Picker initial={[]} max={5} maxBytes={1.5 * 1024 * 1024} />);
    const add = screen.getByRole('button', { name: 'Add images' });
    expect(add).not.toHaveAttribute('aria-invalid');
    expect(add).toHaveAccessibleDescription('Up to 5 images: JPEG, PNG, WebP or AVIF, 1.5 MB each.');
    // the label leads to the button, and names the field's group
    expect(screen.getByText('Images', { selector: 'label' })).toHaveAttribute('for', add.id);
    expect(screen.getByRole('group', { name: 'Images' })).toContainElement(add);

    choose(png('big.png', 2 * 1024 * 1024));
    expect(add).toHaveAttribute('aria-invalid', 'true');
    expect(add).toHaveAccessibleDescription('Each image must be at most 1.5 MB.');
    const input = screen.getByLabelText('Images files');
    expect(input).not.toBeVisible();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('names no size while the limit is unknown, and leaves the check to the server', () => {
    render(<Picker initial={[]} max={1} />);
    expect(screen.getByText('One image, optional: JPEG, PNG, WebP or AVIF.')).toBeInTheDocument();
    choose(png('big.png', 50 * 1024 * 1024));
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });
});
