import { gql, InMemoryCache } from '@apollo/client';
import { forgetOnUserChange } from './forget-on-user-change';
import { setStoredUser } from './auth';
import { storedCustomer as user } from '../test/users';

const ME = gql`
  query Me {
    me {
      id
      username
    }
  }
`;

afterEach(() => setStoredUser(null));

describe('the Apollo cache and the signed-in user', () => {
  it('forgets what it holds for a user once another (or nobody) is signed in, in this tab or another', () => {
    const cache = new InMemoryCache();
    const stop = forgetOnUserChange(cache);
    const cacheMe = (id: string) =>
      cache.writeQuery({ query: ME, data: { me: { __typename: 'User', id, username: `user ${id}` } } });
    const cachedMe = () => cache.readQuery<{ me: { id: string } }>({ query: ME })?.me.id ?? null;

    // a guest signing in had nothing of theirs cached: the cache stays
    cacheMe('guest-view');
    setStoredUser(user('a'));
    expect(cachedMe()).toBe('guest-view');

    cacheMe('a');
    // another tab logs out and in as b: this tab sees the stored value change through `storage`
    localStorage.setItem('user', JSON.stringify(user('b')));
    window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
    expect(cachedMe()).toBeNull();

    cacheMe('b');
    setStoredUser(null);
    expect(cachedMe()).toBeNull();
    stop();
  });
});
