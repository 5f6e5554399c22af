import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../app/theme';
import { ImagePicker } from './ImagePicker';
import type { FormImage } from './product-form-schema';

function Picker({ initial, max }: { initial: FormImage[]; max: number }) {
  const [images, setImages] = useState(initial);
  return (
    <ChakraProvider value={system}>
      <ImagePicker label="Images" images={images} max={max} onChange={setImages} onError={() => {}} />
    </ChakraProvider>
  );
}

const kept = (id: string): FormImage => ({ kind: 'kept', id, src: `/uploads/${id}.webp` });

describe('ImagePicker', () => {
  beforeAll(() => {
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => {};
  });

  it('keeps the keyboard on the next Remove button, then on Add, as images are removed', async () => {
    render(<Picker initial={[kept('a'), kept('b')]} max={3} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Remove image 1' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.getByRole('button', { name: 'Add images' })).toHaveFocus();
  });

  it('gives the keyboard to the new Remove button when the last image takes the Add button', async () => {
    render(<Picker initial={[]} max={1} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add an image' }));
    // what the browser's file chooser does; the hidden input itself never has the focus (user.upload would give it)
    fireEvent.change(screen.getByLabelText('Images files'), {
      target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] },
    });
    expect(screen.queryByRole('button', { name: 'Add an image' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove image 1' })).toHaveFocus();
  });
});
