import { configure } from '@testing-library/react';

// `findBy…` and `waitFor` give up after one second by default: on a shared 2-core machine under
// load, a lazy chunk or a worker reply can take longer without anything being wrong.
configure({ asyncUtilTimeout: 10_000 });
