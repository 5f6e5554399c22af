/* global document, setTimeout, fetch, window */
// A stand-in for Stripe.js in the browser tests (served by Playwright as js.stripe.com): just
// what the checkout page calls. confirmPayment "pays" the intent on the fake Stripe server
// behind the gateway, through api.stripe.com (also routed by the test).
(function () {
  function createElement(type) {
    var handlers = {};
    var element = {
      mount: function (target) {
        var node = typeof target === 'string' ? document.querySelector(target) : target;
        node.innerHTML =
          '<div data-testid="stand-in-payment-element" style="padding:8px;border:1px dashed #888;border-radius:6px">' +
          'Card number 4242 4242 4242 4242 · 12/34 · 123</div>';
        setTimeout(function () {
          (handlers.ready || []).forEach(function (fn) {
            fn({ elementType: type });
          });
        });
      },
      on: function (event, fn) {
        (handlers[event] = handlers[event] || []).push(fn);
        return element;
      },
      off: function (event, fn) {
        handlers[event] = (handlers[event] || []).filter(function (f) {
          return f !== fn;
        });
        return element;
      },
      update: function () {},
      destroy: function () {},
      unmount: function () {},
      focus: function () {},
      blur: function () {},
      clear: function () {},
      collapse: function () {},
    };
    return element;
  }

  function unsupported() {
    return Promise.reject(new Error('not in the stand-in'));
  }

  function Stripe() {
    return {
      // react-stripe-js recognises a Stripe instance by these
      createToken: unsupported,
      createPaymentMethod: unsupported,
      confirmCardPayment: unsupported,
      _registerWrapper: function () {},
      registerAppInfo: function () {},
      elements: function () {
        return {
          create: createElement,
          update: function () {},
          getElement: function () {
            return null;
          },
          submit: function () {
            return Promise.resolve({});
          },
          fetchUpdates: function () {
            return Promise.resolve({});
          },
        };
      },
      confirmPayment: function (options) {
        var id = options.clientSecret.split('_secret_')[0];
        return fetch('https://api.stripe.com/v1/payment_intents/' + id + '/confirm', { method: 'POST' }).then(
          function (res) {
            if (!res.ok) return { error: { type: 'card_error', message: 'Your card was declined.' } };
            return { paymentIntent: { id: id, status: 'succeeded' } };
          },
        );
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
