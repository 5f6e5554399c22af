import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../app/theme';
import { LoadFailed } from './LoadFailed';

/**
 * A page whose load failed: Try again asks with `retry`, and the rows replace the alert when it answers true. Most
 * pages show their spinner while asking again (`spinner`), which takes the alert away meanwhile.
 */
function Page({ retry, spinner = false }: { retry: () => Promise<boolean>; spinner?: boolean }) {
  const [state, setState] = useState<'failed' | 'asking' | 'loaded'>('failed');
  const ask = async () => {
    if (spinner) setState('asking');
    setState((await retry()) ? 'loaded' : 'failed');
  };
  return (
    <ChakraProvider value={system}>
      <main id="main" tabIndex={-1}>
        <h1>Shop</h1>
        <a href="#top">Top</a>
        <section tabIndex={-1} aria-label="Products">
          {state === 'loaded' ? (
            <p>Rows</p>
          ) : state === 'asking' ? (
            <p>Loading products</p>
          ) : (
            <LoadFailed message="Failed to load products." onRetry={ask} />
          )}
        </section>
      </main>
    </ChakraProvider>
  );
}

/** A retry the test answers: `answer(true)` loads, `answer(false)` fails again. */
function answerable() {
  let answer: (ok: boolean) => void = () => {};
  const retry = () => new Promise<boolean>((resolve) => (answer = resolve));
  return { retry, answer: (ok: boolean) => answer(ok) };
}

describe('LoadFailed', () => {
  for (const spinner of [false, true]) {
    const meanwhile = spinner ? 'the spinner shown meanwhile' : 'the alert kept meanwhile';
    it(`gives the focus to the area around it when Try again loads what failed, not to the page body (${meanwhile})`, async () => {
      render(<Page retry={async () => true} spinner={spinner} />);
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('Rows')).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('region', { name: 'Products' })).toHaveFocus());
    });
  }

  it('keeps the focus on Try again when asking fails again', async () => {
    const { retry, answer } = answerable();
    render(<Page retry={retry} />);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Try again' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    // The browser takes the focus off a focused control that becomes disabled (jsdom does not, nor blurs one).
    button.disabled = false;
    button.blur();
    button.disabled = true;
    expect(document.body).toHaveFocus();
    answer(false);
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load products.');
  });

  it('gives the focus to Try again shown anew when asking fails again after the spinner', async () => {
    const { retry, answer } = answerable();
    render(<Page retry={retry} spinner />);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Loading products')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('region', { name: 'Products' })).toHaveFocus()); // not the body
    answer(false);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load products.');
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
  });

  it('leaves the focus where it is when an alert shows later, after Try again loaded what failed', async () => {
    function TwoAreas() {
      const [loaded, setLoaded] = useState(false);
      const [later, setLater] = useState(false);
      return (
        <ChakraProvider value={system}>
          <main id="main" tabIndex={-1}>
            <button type="button" onClick={() => setLater(true)}>
              Fail later
            </button>
            {loaded ? (
              <p>Rows</p>
            ) : (
              <LoadFailed message="Failed to load products." onRetry={async () => setLoaded(true)} />
            )}
            {later && <LoadFailed message="Failed to load the menu." onRetry={async () => {}} />}
            {later && loaded && <LoadFailed message="Failed to load products." onRetry={async () => {}} />}
          </main>
        </ChakraProvider>
      );
    }
    render(<TwoAreas />);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Rows')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
    await new Promise((resolve) => setTimeout(resolve, 10)); // the page has shown what loaded
    // Another area fails on its own, and this one again, much later (a click that moves no focus, as a timer's).
    fireEvent.click(screen.getByRole('button', { name: 'Fail later' }));
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('leaves the focus where the visitor moved it meanwhile', async () => {
    for (const outcome of [true, false]) {
      const { retry, answer } = answerable();
      const { unmount } = render(<Page retry={retry} spinner />);
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      const elsewhere = screen.getByRole('link', { name: 'Top' });
      elsewhere.focus();
      answer(outcome);
      expect(await screen.findByText(outcome ? 'Rows' : 'Failed to load products.')).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(elsewhere).toHaveFocus();
      unmount();
    }
  });
});
