import { createRef, useImperativeHandle, type Ref } from 'react';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { readPage, useUrlView, type UrlView } from './url-view';

type View = { dir?: 'ASC'; q?: string; page: number };
const VIEW: UrlView<View> = {
  read: (params) => ({
    dir: params.get('dir') === 'ASC' ? 'ASC' : undefined,
    q: params.get('q') || undefined,
    page: readPage(params.get('page')),
  }),
  write: ({ dir, q, page }) => ({ dir, q, page: page > 1 ? String(page) : undefined }),
};

type Controls = { update: ReturnType<typeof useUrlView<View>>[1]; navigate: ReturnType<typeof useNavigate> };
const controls = createRef<Controls>();

/** Shows the view and the URL's query side by side; `ref` changes the view, or navigates. */
function Probe({ ref }: { ref: Ref<Controls> }) {
  const [view, update] = useUrlView(VIEW);
  const navigate = useNavigate();
  useImperativeHandle(ref, () => ({ update, navigate }), [update, navigate]);
  return (
    <>
      <output data-testid="view">{JSON.stringify(view)}</output>
      <output data-testid="url">{useLocation().search}</output>
    </>
  );
}
const shown = () => ({ url: screen.getByTestId('url').textContent, view: screen.getByTestId('view').textContent });
const renderList = () =>
  render(
    <MemoryRouter initialEntries={['/list']}>
      <Probe ref={controls} />
    </MemoryRouter>,
  );
const toggle = (view: View): Partial<View> => ({ dir: view.dir === 'ASC' ? undefined : 'ASC' });

describe('useUrlView: what shows is what the URL says, once the router has it', () => {
  it('shows a change at once, and the URL follows', async () => {
    renderList();
    await act(async () => controls.current!.update({ page: 2 }));
    expect(shown()).toEqual({ url: '?page=2', view: '{"page":2}' });
  });

  it('follows Back after two changes that came back to where they started before the router rendered', async () => {
    renderList();
    act(() => {
      // the direction toggled twice (Enter's key repeat) within one render
      controls.current!.update(toggle);
      controls.current!.update(toggle);
    });
    expect(shown()).toEqual({ url: '', view: '{"page":1}' });
    await act(async () => controls.current!.navigate(-1));
    expect(shown()).toEqual({ url: '?dir=ASC', view: '{"dir":"ASC","page":1}' });
  });

  it('follows a Back pressed before the router rendered the change', async () => {
    renderList();
    await act(async () => controls.current!.update({ page: 2 }));
    act(() => {
      controls.current!.update({ page: 3 });
      void controls.current!.navigate(-1);
    });
    expect(shown()).toEqual({ url: '?page=2', view: '{"page":2}' });
  });
});

describe('useUrlView: a search as it is typed', () => {
  const back = () => act(async () => controls.current!.navigate(-1));

  it('is one history entry however often the typing paused, so Back goes to the list before it', async () => {
    renderList();
    await act(async () => controls.current!.update({ page: 2 }));
    for (const q of ['h', 'ha', 'halo']) await act(async () => controls.current!.update({ q }, 'typed'));
    expect(shown().url).toBe('?q=halo');
    await back();
    expect(shown()).toEqual({ url: '?page=2', view: '{"page":2}' });
  });

  it('is a new entry again after another change, so Back comes back to the first search', async () => {
    renderList();
    await act(async () => controls.current!.update({ q: 'halo' }, 'typed'));
    await act(async () => controls.current!.update({ page: 2 }));
    await act(async () => controls.current!.update({ q: 'zelda' }, 'typed'));
    await back();
    expect(shown().url).toBe('?q=halo&page=2');
    await back();
    expect(shown().url).toBe('?q=halo');
  });

  it('is one entry also when the next search comes before the router rendered the first', async () => {
    renderList();
    await act(async () => {
      controls.current!.update({ q: 'ha' }, 'typed');
      controls.current!.update({ q: 'halo' }, 'typed');
    });
    expect(shown().url).toBe('?q=halo');
    await back();
    expect(shown().url).toBe('');
  });

  it('is a new entry when typed on a list come back to, leaving nothing Forward', async () => {
    renderList();
    await act(async () => controls.current!.update({ q: 'halo' }, 'typed'));
    await act(async () => controls.current!.update({ page: 2 }));
    await back();
    expect(shown().url).toBe('?q=halo');
    await act(async () => controls.current!.update({ q: 'zelda' }, 'typed'));
    await act(async () => controls.current!.navigate(1));
    expect(shown().url).toBe('?q=zelda'); // no Forward left to the old search's page 2
    await back();
    expect(shown().url).toBe('?q=halo');
  });
});
