/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query FooterVenue {\n    venue {\n      name\n      timeZone\n      address\n      phone\n      email\n      openingHours {\n        summary\n      }\n      social {\n        facebook\n        instagram\n        x\n        discord\n      }\n      map {\n        url\n        embedUrl\n      }\n    }\n  }\n": typeof types.FooterVenueDocument,
    "\n  query AboutPageVenue {\n    venue {\n      name\n      tagline\n      address\n      phone\n      email\n      openingHours {\n        summary\n      }\n      map {\n        url\n        embedUrl\n      }\n    }\n  }\n": typeof types.AboutPageVenueDocument,
    "\n  query BarItemFormPage($id: ID!) {\n    barItem(id: $id) {\n      id\n      name\n      description\n      price\n      category\n      image\n      imageSmall\n    }\n  }\n": typeof types.BarItemFormPageDocument,
    "\n  mutation BarItemFormCreate($input: CreateBarItemInput!, $image: Upload) {\n    createBarItem(input: $input, image: $image) {\n      id\n    }\n  }\n": typeof types.BarItemFormCreateDocument,
    "\n  mutation BarItemFormUpdate($id: ID!, $input: UpdateBarItemInput!, $image: Upload) {\n    updateBarItem(id: $id, input: $input, image: $image) {\n      id\n      name\n      description\n      price\n      category\n      image\n      imageSmall\n    }\n  }\n": typeof types.BarItemFormUpdateDocument,
    "\n  query ProductFormPage($id: ID!) {\n    product(id: $id) {\n      id\n      name\n      description\n      price\n      discount\n      amount\n      category\n      platform\n      brand\n      isFeatured\n      rating\n      images {\n        id\n        smallUrl\n      }\n    }\n  }\n": typeof types.ProductFormPageDocument,
    "\n  mutation ProductFormCreate($input: CreateProductInput!, $images: [Upload!]) {\n    createProduct(input: $input, images: $images) {\n      id\n    }\n  }\n": typeof types.ProductFormCreateDocument,
    "\n  mutation ProductFormUpdate($id: ID!, $input: UpdateProductInput!, $images: [Upload!]) {\n    updateProduct(id: $id, input: $input, images: $images) {\n      id\n      name\n      description\n      price\n      salePrice\n      discount\n      amount\n      inStock\n      category\n      platform\n      brand\n      isFeatured\n      rating\n      images {\n        id\n        url\n        smallUrl\n        width\n        height\n      }\n    }\n  }\n": typeof types.ProductFormUpdateDocument,
    "\n  query UploadLimits {\n    uploadLimits {\n      imageMaxBytes\n    }\n  }\n": typeof types.UploadLimitsDocument,
    "\n  mutation ForgotPasswordPageRequest($email: String!) {\n    requestPasswordReset(email: $email) {\n      message\n    }\n  }\n": typeof types.ForgotPasswordPageRequestDocument,
    "\n  mutation LoginPageLogin($email: String!, $password: String!) {\n    login(email: $email, password: $password) {\n      token\n      user {\n        id\n        username\n        email\n        phone\n        isAdmin\n      }\n    }\n  }\n": typeof types.LoginPageLoginDocument,
    "\n  mutation LoginPageResendConfirmation($email: String!) {\n    resendConfirmation(email: $email) {\n      message\n    }\n  }\n": typeof types.LoginPageResendConfirmationDocument,
    "\n  mutation LogoutPageEnd {\n    logout {\n      message\n    }\n  }\n": typeof types.LogoutPageEndDocument,
    "\n  mutation ResetPasswordPageReset($token: String!, $newPassword: String!) {\n    resetPassword(token: $token, newPassword: $newPassword) {\n      message\n    }\n  }\n": typeof types.ResetPasswordPageResetDocument,
    "\n  query ResetPasswordPageLinkWorks($token: String!) {\n    passwordResetLinkWorks(token: $token)\n  }\n": typeof types.ResetPasswordPageLinkWorksDocument,
    "\n  mutation SignupPageRegister($username: String!, $email: String!, $password: String!) {\n    register(username: $username, email: $email, password: $password) {\n      message\n    }\n  }\n": typeof types.SignupPageRegisterDocument,
    "\n  mutation VerifyEmailPageConfirm($token: String!) {\n    confirmEmail(token: $token) {\n      message\n    }\n  }\n": typeof types.VerifyEmailPageConfirmDocument,
    "\n  query VerifyEmailPageMe {\n    me {\n      id\n      username\n      email\n      phone\n      pendingEmail\n    }\n  }\n": typeof types.VerifyEmailPageMeDocument,
    "\n  query MenuPageItems {\n    barItems {\n      id\n      name\n      category\n      description\n      price\n      imageSmall\n    }\n  }\n": typeof types.MenuPageItemsDocument,
    "\n  mutation MenuPageDelete($id: ID!) {\n    deleteBarItem(id: $id)\n  }\n": typeof types.MenuPageDeleteDocument,
    "\n  query AllReservationsList(\n    $status: [BookingStatus!]\n    $search: String\n    $sortBy: BookingSortField!\n    $sortDirection: SortDirection!\n    $page: Int!\n    $pageSize: Int!\n  ) {\n    bookings(\n      status: $status\n      search: $search\n      sortBy: $sortBy\n      sortDirection: $sortDirection\n      page: $page\n      pageSize: $pageSize\n    ) {\n      total\n      page\n      items {\n        ...BookingRow_booking\n        user {\n          id\n          username\n          email\n        }\n      }\n    }\n  }\n": typeof types.AllReservationsListDocument,
    "\n  mutation AllReservationsCancel($id: ID!) {\n    adminCancelBooking(id: $id) {\n      id\n      status\n      cancelledAt\n    }\n  }\n": typeof types.AllReservationsCancelDocument,
    "\n  mutation AllReservationsDelete($id: ID!) {\n    adminDeleteBooking(id: $id)\n  }\n": typeof types.AllReservationsDeleteDocument,
    "\n  query BookingFormCheck($sessionType: SessionType!, $date: String!, $startTime: String!, $endTime: String!) {\n    checkAvailability(sessionType: $sessionType, date: $date, startTime: $startTime, endTime: $endTime) {\n      available\n      freeStations\n      reason\n      alternatives {\n        date\n        startTime\n        endTime\n      }\n    }\n  }\n": typeof types.BookingFormCheckDocument,
    "\n  mutation BookingFormCreate(\n    $sessionType: SessionType!\n    $date: String!\n    $startTime: String!\n    $endTime: String!\n    $creationKey: String\n  ) {\n    createBooking(\n      sessionType: $sessionType\n      date: $date\n      startTime: $startTime\n      endTime: $endTime\n      creationKey: $creationKey\n    ) {\n      ...BookingRow_booking\n    }\n  }\n": typeof types.BookingFormCreateDocument,
    "\n  query MyBookingsList($status: [BookingStatus!], $page: Int!) {\n    myBookings(status: $status, page: $page, pageSize: 5) {\n      total\n      page\n      items {\n        ...BookingRow_booking\n      }\n    }\n  }\n": typeof types.MyBookingsListDocument,
    "\n  mutation MyBookingsCancel($id: ID!) {\n    cancelBooking(id: $id) {\n      id\n      status\n      cancelledAt\n    }\n  }\n": typeof types.MyBookingsCancelDocument,
    "\n  fragment StationsList_station on Station {\n    id\n    sessionType\n    name\n    active\n  }\n": typeof types.StationsList_StationFragmentDoc,
    "\n  query StationsList {\n    stations {\n      ...StationsList_station\n    }\n  }\n": typeof types.StationsListDocument,
    "\n  mutation StationsAdd($sessionType: SessionType!, $name: String!) {\n    addStation(sessionType: $sessionType, name: $name) {\n      ...StationsList_station\n    }\n  }\n": typeof types.StationsAddDocument,
    "\n  mutation StationsRename($id: ID!, $name: String!) {\n    renameStation(id: $id, name: $name) {\n      ...StationsList_station\n    }\n  }\n": typeof types.StationsRenameDocument,
    "\n  mutation StationsSetActive($id: ID!, $active: Boolean!) {\n    setStationActive(id: $id, active: $active) {\n      ...StationsList_station\n    }\n  }\n": typeof types.StationsSetActiveDocument,
    "\n  fragment BookingRow_booking on Booking {\n    id\n    date\n    startTime\n    endTime\n    sessionType\n    status\n  }\n": typeof types.BookingRow_BookingFragmentDoc,
    "\n  query GuestCartProducts($ids: [ID!]!) {\n    productsByIds(ids: $ids) {\n      id\n      name\n      salePrice\n      amount\n      images {\n        id\n        smallUrl\n      }\n    }\n  }\n": typeof types.GuestCartProductsDocument,
    "\n  fragment ServerCart_cart on Cart {\n    id\n    itemCount\n    subtotal\n    tax\n    shipping\n    cartTotal\n    total\n    items {\n      id\n      productId\n      name\n      quantity\n      unitPrice\n      lineTotal\n      product {\n        id\n        name\n        amount\n        images {\n          id\n          smallUrl\n        }\n      }\n    }\n  }\n": typeof types.ServerCart_CartFragmentDoc,
    "\n  query ServerCartQuery {\n    cart {\n      ...ServerCart_cart\n    }\n  }\n": typeof types.ServerCartQueryDocument,
    "\n  mutation ServerCartAdd($productId: ID!, $quantity: Int!) {\n    addToCart(productId: $productId, quantity: $quantity) {\n      ...ServerCart_cart\n    }\n  }\n": typeof types.ServerCartAddDocument,
    "\n  mutation ServerCartUpdate($productId: ID!, $quantity: Int!) {\n    updateCartItem(productId: $productId, quantity: $quantity) {\n      ...ServerCart_cart\n    }\n  }\n": typeof types.ServerCartUpdateDocument,
    "\n  mutation ServerCartRemove($productId: ID!) {\n    removeFromCart(productId: $productId) {\n      ...ServerCart_cart\n    }\n  }\n": typeof types.ServerCartRemoveDocument,
    "\n  mutation ServerCartClear {\n    clearCart {\n      ...ServerCart_cart\n    }\n  }\n": typeof types.ServerCartClearDocument,
    "\n  mutation ServerCartMerge($items: [GuestCartItemInput!]!) {\n    mergeGuestCart(items: $items) {\n      ...ServerCart_cart\n    }\n  }\n": typeof types.ServerCartMergeDocument,
    "\n  query CheckoutPageLastDetail {\n    myOrders(page: 1, pageSize: 1) {\n      orders {\n        id\n        orderDetail {\n          fullName\n          phone\n          address\n          city\n          zip\n        }\n      }\n    }\n  }\n": typeof types.CheckoutPageLastDetailDocument,
    "\n  query CheckoutPagePaymentConfig {\n    paymentConfig {\n      cardAvailable\n      publishableKey\n    }\n  }\n": typeof types.CheckoutPagePaymentConfigDocument,
    "\n  mutation CheckoutPageCreateIntent($orderDetail: OrderDetailInput, $expectedTotal: Float) {\n    createPaymentIntent(orderDetail: $orderDetail, expectedTotal: $expectedTotal) {\n      clientSecret\n    }\n  }\n": typeof types.CheckoutPageCreateIntentDocument,
    "\n  mutation CheckoutPagePlaceOrder(\n    $orderDetail: OrderDetailInput!\n    $paymentMethod: PaymentMethod!\n    $paymentIntentId: String\n    $expectedTotal: Float\n    $creationKey: String\n  ) {\n    placeOrder(\n      orderDetail: $orderDetail\n      paymentMethod: $paymentMethod\n      paymentIntentId: $paymentIntentId\n      expectedTotal: $expectedTotal\n      creationKey: $creationKey\n    ) {\n      id\n      displayId\n    }\n  }\n": typeof types.CheckoutPagePlaceOrderDocument,
    "\n  query HomePageFeatured {\n    featuredProducts {\n      ...ProductCard_product\n    }\n  }\n": typeof types.HomePageFeaturedDocument,
    "\n  query AllOrdersList($search: String, $status: OrderFilter!, $page: Int!, $pageSize: Int!) {\n    orders(search: $search, status: $status, page: $page, pageSize: $pageSize) {\n      totalPages\n      orders {\n        ...OrderCard_order\n      }\n    }\n  }\n": typeof types.AllOrdersListDocument,
    "\n  fragment AllOrders_delivery on Order {\n    id\n    status\n    isDelivered\n    deliveredAt\n    canCancel\n  }\n": typeof types.AllOrders_DeliveryFragmentDoc,
    "\n  mutation AllOrdersDeliver($id: ID!) {\n    markOrderDelivered(id: $id, onlyIfOpen: true) {\n      ...AllOrders_delivery\n    }\n  }\n": typeof types.AllOrdersDeliverDocument,
    "\n  mutation AllOrdersUndoDelivery($id: ID!, $deliveredAt: DateTimeISO!) {\n    undoOrderDelivery(id: $id, deliveredAt: $deliveredAt) {\n      ...AllOrders_delivery\n    }\n  }\n": typeof types.AllOrdersUndoDeliveryDocument,
    "\n  fragment OrderCard_order on Order {\n    id\n    displayId\n    createdAt\n    status\n    isDelivered\n    canCancel\n    paymentMethod\n    refundFailure\n    subtotal\n    tax\n    shipping\n    totalAmount\n    orderDetail {\n      fullName\n      email\n    }\n    items {\n      id\n      name\n      quantity\n      lineTotal\n    }\n  }\n": typeof types.OrderCard_OrderFragmentDoc,
    "\n  query OrderHistoryOrders($page: Int!) {\n    myOrders(page: $page) {\n      totalPages\n      orders {\n        ...OrderCard_order\n      }\n    }\n  }\n": typeof types.OrderHistoryOrdersDocument,
    "\n  mutation OrderCancel($id: ID!) {\n    cancelOrder(id: $id) {\n      id\n      status\n      canCancel\n    }\n  }\n": typeof types.OrderCancelDocument,
    "\n  query ProductPage($id: ID!) {\n    product(id: $id) {\n      id\n      name\n      description\n      price\n      salePrice\n      discount\n      amount\n      inStock\n      category\n      platform\n      brand\n      rating\n      images {\n        id\n        url\n        smallUrl\n        width\n        height\n      }\n    }\n  }\n": typeof types.ProductPageDocument,
    "\n  mutation ProductPageDelete($id: ID!) {\n    deleteProduct(id: $id)\n  }\n": typeof types.ProductPageDeleteDocument,
    "\n  mutation ChangePasswordFormChange($currentPassword: String!, $newPassword: String!, $confirmPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword, confirmPassword: $confirmPassword) {\n      message\n      token\n    }\n  }\n": typeof types.ChangePasswordFormChangeDocument,
    "\n  query ProfileDetailsMe {\n    me {\n      id\n      username\n      email\n      phone\n      pendingEmail\n    }\n  }\n": typeof types.ProfileDetailsMeDocument,
    "\n  mutation ProfileDetailsUpdate($username: String!, $email: String!, $phone: String) {\n    updateProfile(username: $username, email: $email, phone: $phone) {\n      id\n      username\n      email\n      phone\n      pendingEmail\n    }\n  }\n": typeof types.ProfileDetailsUpdateDocument,
    "\n  mutation ProfileDetailsCancelEmailChange {\n    cancelEmailChange {\n      id\n      email\n      pendingEmail\n    }\n  }\n": typeof types.ProfileDetailsCancelEmailChangeDocument,
    "\n  query ReportsPage($from: String!, $to: String!, $groupBy: ReportPeriod!) {\n    salesReport(from: $from, to: $to, groupBy: $groupBy) {\n      totals {\n        orders\n        grossRevenue\n        averageOrderValue\n        cancelledOrders\n      }\n      ...SalesChart_report\n    }\n    topProducts(from: $from, to: $to, limit: 8, by: REVENUE) {\n      ...TopProductsChart_product\n    }\n    bookingUtilization(from: $from, to: $to) {\n      utilization\n      bookedHours\n      ...UtilizationHeatMap_report\n    }\n  }\n": typeof types.ReportsPageDocument,
    "\n  fragment SalesChart_report on SalesReport {\n    from\n    to\n    groupBy\n    periods {\n      periodStart\n      orders\n      grossRevenue\n    }\n  }\n": typeof types.SalesChart_ReportFragmentDoc,
    "\n  fragment TopProductsChart_product on TopProduct {\n    productId\n    name\n    units\n    revenue\n    stock\n  }\n": typeof types.TopProductsChart_ProductFragmentDoc,
    "\n  fragment UtilizationHeatMap_report on BookingUtilization {\n    heatMap {\n      weekday\n      hour\n      availableHours\n      occupancy\n    }\n  }\n": typeof types.UtilizationHeatMap_ReportFragmentDoc,
    "\n  fragment ProductCard_product on Product {\n    id\n    name\n    price\n    salePrice\n    discount\n    amount\n    inStock\n    platform\n    images {\n      id\n      smallUrl\n    }\n  }\n": typeof types.ProductCard_ProductFragmentDoc,
    "\n  query ShopPageProducts($filter: ProductFilter, $sort: ProductSort, $page: Int!) {\n    products(filter: $filter, sort: $sort, page: $page, pageSize: 10) {\n      total\n      page\n      totalPages\n      items {\n        ...ProductCard_product\n      }\n    }\n  }\n": typeof types.ShopPageProductsDocument,
    "\n  query VenueTimeZone {\n    venue {\n      timeZone\n    }\n  }\n": typeof types.VenueTimeZoneDocument,
};
const documents: Documents = {
    "\n  query FooterVenue {\n    venue {\n      name\n      timeZone\n      address\n      phone\n      email\n      openingHours {\n        summary\n      }\n      social {\n        facebook\n        instagram\n        x\n        discord\n      }\n      map {\n        url\n        embedUrl\n      }\n    }\n  }\n": types.FooterVenueDocument,
    "\n  query AboutPageVenue {\n    venue {\n      name\n      tagline\n      address\n      phone\n      email\n      openingHours {\n        summary\n      }\n      map {\n        url\n        embedUrl\n      }\n    }\n  }\n": types.AboutPageVenueDocument,
    "\n  query BarItemFormPage($id: ID!) {\n    barItem(id: $id) {\n      id\n      name\n      description\n      price\n      category\n      image\n      imageSmall\n    }\n  }\n": types.BarItemFormPageDocument,
    "\n  mutation BarItemFormCreate($input: CreateBarItemInput!, $image: Upload) {\n    createBarItem(input: $input, image: $image) {\n      id\n    }\n  }\n": types.BarItemFormCreateDocument,
    "\n  mutation BarItemFormUpdate($id: ID!, $input: UpdateBarItemInput!, $image: Upload) {\n    updateBarItem(id: $id, input: $input, image: $image) {\n      id\n      name\n      description\n      price\n      category\n      image\n      imageSmall\n    }\n  }\n": types.BarItemFormUpdateDocument,
    "\n  query ProductFormPage($id: ID!) {\n    product(id: $id) {\n      id\n      name\n      description\n      price\n      discount\n      amount\n      category\n      platform\n      brand\n      isFeatured\n      rating\n      images {\n        id\n        smallUrl\n      }\n    }\n  }\n": types.ProductFormPageDocument,
    "\n  mutation ProductFormCreate($input: CreateProductInput!, $images: [Upload!]) {\n    createProduct(input: $input, images: $images) {\n      id\n    }\n  }\n": types.ProductFormCreateDocument,
    "\n  mutation ProductFormUpdate($id: ID!, $input: UpdateProductInput!, $images: [Upload!]) {\n    updateProduct(id: $id, input: $input, images: $images) {\n      id\n      name\n      description\n      price\n      salePrice\n      discount\n      amount\n      inStock\n      category\n      platform\n      brand\n      isFeatured\n      rating\n      images {\n        id\n        url\n        smallUrl\n        width\n        height\n      }\n    }\n  }\n": types.ProductFormUpdateDocument,
    "\n  query UploadLimits {\n    uploadLimits {\n      imageMaxBytes\n    }\n  }\n": types.UploadLimitsDocument,
    "\n  mutation ForgotPasswordPageRequest($email: String!) {\n    requestPasswordReset(email: $email) {\n      message\n    }\n  }\n": types.ForgotPasswordPageRequestDocument,
    "\n  mutation LoginPageLogin($email: String!, $password: String!) {\n    login(email: $email, password: $password) {\n      token\n      user {\n        id\n        username\n        email\n        phone\n        isAdmin\n      }\n    }\n  }\n": types.LoginPageLoginDocument,
    "\n  mutation LoginPageResendConfirmation($email: String!) {\n    resendConfirmation(email: $email) {\n      message\n    }\n  }\n": types.LoginPageResendConfirmationDocument,
    "\n  mutation LogoutPageEnd {\n    logout {\n      message\n    }\n  }\n": types.LogoutPageEndDocument,
    "\n  mutation ResetPasswordPageReset($token: String!, $newPassword: String!) {\n    resetPassword(token: $token, newPassword: $newPassword) {\n      message\n    }\n  }\n": types.ResetPasswordPageResetDocument,
    "\n  query ResetPasswordPageLinkWorks($token: String!) {\n    passwordResetLinkWorks(token: $token)\n  }\n": types.ResetPasswordPageLinkWorksDocument,
    "\n  mutation SignupPageRegister($username: String!, $email: String!, $password: String!) {\n    register(username: $username, email: $email, password: $password) {\n      message\n    }\n  }\n": types.SignupPageRegisterDocument,
    "\n  mutation VerifyEmailPageConfirm($token: String!) {\n    confirmEmail(token: $token) {\n      message\n    }\n  }\n": types.VerifyEmailPageConfirmDocument,
    "\n  query VerifyEmailPageMe {\n    me {\n      id\n      username\n      email\n      phone\n      pendingEmail\n    }\n  }\n": types.VerifyEmailPageMeDocument,
    "\n  query MenuPageItems {\n    barItems {\n      id\n      name\n      category\n      description\n      price\n      imageSmall\n    }\n  }\n": types.MenuPageItemsDocument,
    "\n  mutation MenuPageDelete($id: ID!) {\n    deleteBarItem(id: $id)\n  }\n": types.MenuPageDeleteDocument,
    "\n  query AllReservationsList(\n    $status: [BookingStatus!]\n    $search: String\n    $sortBy: BookingSortField!\n    $sortDirection: SortDirection!\n    $page: Int!\n    $pageSize: Int!\n  ) {\n    bookings(\n      status: $status\n      search: $search\n      sortBy: $sortBy\n      sortDirection: $sortDirection\n      page: $page\n      pageSize: $pageSize\n    ) {\n      total\n      page\n      items {\n        ...BookingRow_booking\n        user {\n          id\n          username\n          email\n        }\n      }\n    }\n  }\n": types.AllReservationsListDocument,
    "\n  mutation AllReservationsCancel($id: ID!) {\n    adminCancelBooking(id: $id) {\n      id\n      status\n      cancelledAt\n    }\n  }\n": types.AllReservationsCancelDocument,
    "\n  mutation AllReservationsDelete($id: ID!) {\n    adminDeleteBooking(id: $id)\n  }\n": types.AllReservationsDeleteDocument,
    "\n  query BookingFormCheck($sessionType: SessionType!, $date: String!, $startTime: String!, $endTime: String!) {\n    checkAvailability(sessionType: $sessionType, date: $date, startTime: $startTime, endTime: $endTime) {\n      available\n      freeStations\n      reason\n      alternatives {\n        date\n        startTime\n        endTime\n      }\n    }\n  }\n": types.BookingFormCheckDocument,
    "\n  mutation BookingFormCreate(\n    $sessionType: SessionType!\n    $date: String!\n    $startTime: String!\n    $endTime: String!\n    $creationKey: String\n  ) {\n    createBooking(\n      sessionType: $sessionType\n      date: $date\n      startTime: $startTime\n      endTime: $endTime\n      creationKey: $creationKey\n    ) {\n      ...BookingRow_booking\n    }\n  }\n": types.BookingFormCreateDocument,
    "\n  query MyBookingsList($status: [BookingStatus!], $page: Int!) {\n    myBookings(status: $status, page: $page, pageSize: 5) {\n      total\n      page\n      items {\n        ...BookingRow_booking\n      }\n    }\n  }\n": types.MyBookingsListDocument,
    "\n  mutation MyBookingsCancel($id: ID!) {\n    cancelBooking(id: $id) {\n      id\n      status\n      cancelledAt\n    }\n  }\n": types.MyBookingsCancelDocument,
    "\n  fragment StationsList_station on Station {\n    id\n    sessionType\n    name\n    active\n  }\n": types.StationsList_StationFragmentDoc,
    "\n  query StationsList {\n    stations {\n      ...StationsList_station\n    }\n  }\n": types.StationsListDocument,
    "\n  mutation StationsAdd($sessionType: SessionType!, $name: String!) {\n    addStation(sessionType: $sessionType, name: $name) {\n      ...StationsList_station\n    }\n  }\n": types.StationsAddDocument,
    "\n  mutation StationsRename($id: ID!, $name: String!) {\n    renameStation(id: $id, name: $name) {\n      ...StationsList_station\n    }\n  }\n": types.StationsRenameDocument,
    "\n  mutation StationsSetActive($id: ID!, $active: Boolean!) {\n    setStationActive(id: $id, active: $active) {\n      ...StationsList_station\n    }\n  }\n": types.StationsSetActiveDocument,
    "\n  fragment BookingRow_booking on Booking {\n    id\n    date\n    startTime\n    endTime\n    sessionType\n    status\n  }\n": types.BookingRow_BookingFragmentDoc,
    "\n  query GuestCartProducts($ids: [ID!]!) {\n    productsByIds(ids: $ids) {\n      id\n      name\n      salePrice\n      amount\n      images {\n        id\n        smallUrl\n      }\n    }\n  }\n": types.GuestCartProductsDocument,
    "\n  fragment ServerCart_cart on Cart {\n    id\n    itemCount\n    subtotal\n    tax\n    shipping\n    cartTotal\n    total\n    items {\n      id\n      productId\n      name\n      quantity\n      unitPrice\n      lineTotal\n      product {\n        id\n        name\n        amount\n        images {\n          id\n          smallUrl\n        }\n      }\n    }\n  }\n": types.ServerCart_CartFragmentDoc,
    "\n  query ServerCartQuery {\n    cart {\n      ...ServerCart_cart\n    }\n  }\n": types.ServerCartQueryDocument,
    "\n  mutation ServerCartAdd($productId: ID!, $quantity: Int!) {\n    addToCart(productId: $productId, quantity: $quantity) {\n      ...ServerCart_cart\n    }\n  }\n": types.ServerCartAddDocument,
    "\n  mutation ServerCartUpdate($productId: ID!, $quantity: Int!) {\n    updateCartItem(productId: $productId, quantity: $quantity) {\n      ...ServerCart_cart\n    }\n  }\n": types.ServerCartUpdateDocument,
    "\n  mutation ServerCartRemove($productId: ID!) {\n    removeFromCart(productId: $productId) {\n      ...ServerCart_cart\n    }\n  }\n": types.ServerCartRemoveDocument,
    "\n  mutation ServerCartClear {\n    clearCart {\n      ...ServerCart_cart\n    }\n  }\n": types.ServerCartClearDocument,
    "\n  mutation ServerCartMerge($items: [GuestCartItemInput!]!) {\n    mergeGuestCart(items: $items) {\n      ...ServerCart_cart\n    }\n  }\n": types.ServerCartMergeDocument,
    "\n  query CheckoutPageLastDetail {\n    myOrders(page: 1, pageSize: 1) {\n      orders {\n        id\n        orderDetail {\n          fullName\n          phone\n          address\n          city\n          zip\n        }\n      }\n    }\n  }\n": types.CheckoutPageLastDetailDocument,
    "\n  query CheckoutPagePaymentConfig {\n    paymentConfig {\n      cardAvailable\n      publishableKey\n    }\n  }\n": types.CheckoutPagePaymentConfigDocument,
    "\n  mutation CheckoutPageCreateIntent($orderDetail: OrderDetailInput, $expectedTotal: Float) {\n    createPaymentIntent(orderDetail: $orderDetail, expectedTotal: $expectedTotal) {\n      clientSecret\n    }\n  }\n": types.CheckoutPageCreateIntentDocument,
    "\n  mutation CheckoutPagePlaceOrder(\n    $orderDetail: OrderDetailInput!\n    $paymentMethod: PaymentMethod!\n    $paymentIntentId: String\n    $expectedTotal: Float\n    $creationKey: String\n  ) {\n    placeOrder(\n      orderDetail: $orderDetail\n      paymentMethod: $paymentMethod\n      paymentIntentId: $paymentIntentId\n      expectedTotal: $expectedTotal\n      creationKey: $creationKey\n    ) {\n      id\n      displayId\n    }\n  }\n": types.CheckoutPagePlaceOrderDocument,
    "\n  query HomePageFeatured {\n    featuredProducts {\n      ...ProductCard_product\n    }\n  }\n": types.HomePageFeaturedDocument,
    "\n  query AllOrdersList($search: String, $status: OrderFilter!, $page: Int!, $pageSize: Int!) {\n    orders(search: $search, status: $status, page: $page, pageSize: $pageSize) {\n      totalPages\n      orders {\n        ...OrderCard_order\n      }\n    }\n  }\n": types.AllOrdersListDocument,
    "\n  fragment AllOrders_delivery on Order {\n    id\n    status\n    isDelivered\n    deliveredAt\n    canCancel\n  }\n": types.AllOrders_DeliveryFragmentDoc,
    "\n  mutation AllOrdersDeliver($id: ID!) {\n    markOrderDelivered(id: $id, onlyIfOpen: true) {\n      ...AllOrders_delivery\n    }\n  }\n": types.AllOrdersDeliverDocument,
    "\n  mutation AllOrdersUndoDelivery($id: ID!, $deliveredAt: DateTimeISO!) {\n    undoOrderDelivery(id: $id, deliveredAt: $deliveredAt) {\n      ...AllOrders_delivery\n    }\n  }\n": types.AllOrdersUndoDeliveryDocument,
    "\n  fragment OrderCard_order on Order {\n    id\n    displayId\n    createdAt\n    status\n    isDelivered\n    canCancel\n    paymentMethod\n    refundFailure\n    subtotal\n    tax\n    shipping\n    totalAmount\n    orderDetail {\n      fullName\n      email\n    }\n    items {\n      id\n      name\n      quantity\n      lineTotal\n    }\n  }\n": types.OrderCard_OrderFragmentDoc,
    "\n  query OrderHistoryOrders($page: Int!) {\n    myOrders(page: $page) {\n      totalPages\n      orders {\n        ...OrderCard_order\n      }\n    }\n  }\n": types.OrderHistoryOrdersDocument,
    "\n  mutation OrderCancel($id: ID!) {\n    cancelOrder(id: $id) {\n      id\n      status\n      canCancel\n    }\n  }\n": types.OrderCancelDocument,
    "\n  query ProductPage($id: ID!) {\n    product(id: $id) {\n      id\n      name\n      description\n      price\n      salePrice\n      discount\n      amount\n      inStock\n      category\n      platform\n      brand\n      rating\n      images {\n        id\n        url\n        smallUrl\n        width\n        height\n      }\n    }\n  }\n": types.ProductPageDocument,
    "\n  mutation ProductPageDelete($id: ID!) {\n    deleteProduct(id: $id)\n  }\n": types.ProductPageDeleteDocument,
    "\n  mutation ChangePasswordFormChange($currentPassword: String!, $newPassword: String!, $confirmPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword, confirmPassword: $confirmPassword) {\n      message\n      token\n    }\n  }\n": types.ChangePasswordFormChangeDocument,
    "\n  query ProfileDetailsMe {\n    me {\n      id\n      username\n      email\n      phone\n      pendingEmail\n    }\n  }\n": types.ProfileDetailsMeDocument,
    "\n  mutation ProfileDetailsUpdate($username: String!, $email: String!, $phone: String) {\n    updateProfile(username: $username, email: $email, phone: $phone) {\n      id\n      username\n      email\n      phone\n      pendingEmail\n    }\n  }\n": types.ProfileDetailsUpdateDocument,
    "\n  mutation ProfileDetailsCancelEmailChange {\n    cancelEmailChange {\n      id\n      email\n      pendingEmail\n    }\n  }\n": types.ProfileDetailsCancelEmailChangeDocument,
    "\n  query ReportsPage($from: String!, $to: String!, $groupBy: ReportPeriod!) {\n    salesReport(from: $from, to: $to, groupBy: $groupBy) {\n      totals {\n        orders\n        grossRevenue\n        averageOrderValue\n        cancelledOrders\n      }\n      ...SalesChart_report\n    }\n    topProducts(from: $from, to: $to, limit: 8, by: REVENUE) {\n      ...TopProductsChart_product\n    }\n    bookingUtilization(from: $from, to: $to) {\n      utilization\n      bookedHours\n      ...UtilizationHeatMap_report\n    }\n  }\n": types.ReportsPageDocument,
    "\n  fragment SalesChart_report on SalesReport {\n    from\n    to\n    groupBy\n    periods {\n      periodStart\n      orders\n      grossRevenue\n    }\n  }\n": types.SalesChart_ReportFragmentDoc,
    "\n  fragment TopProductsChart_product on TopProduct {\n    productId\n    name\n    units\n    revenue\n    stock\n  }\n": types.TopProductsChart_ProductFragmentDoc,
    "\n  fragment UtilizationHeatMap_report on BookingUtilization {\n    heatMap {\n      weekday\n      hour\n      availableHours\n      occupancy\n    }\n  }\n": types.UtilizationHeatMap_ReportFragmentDoc,
    "\n  fragment ProductCard_product on Product {\n    id\n    name\n    price\n    salePrice\n    discount\n    amount\n    inStock\n    platform\n    images {\n      id\n      smallUrl\n    }\n  }\n": types.ProductCard_ProductFragmentDoc,
    "\n  query ShopPageProducts($filter: ProductFilter, $sort: ProductSort, $page: Int!) {\n    products(filter: $filter, sort: $sort, page: $page, pageSize: 10) {\n      total\n      page\n      totalPages\n      items {\n        ...ProductCard_product\n      }\n    }\n  }\n": types.ShopPageProductsDocument,
    "\n  query VenueTimeZone {\n    venue {\n      timeZone\n    }\n  }\n": types.VenueTimeZoneDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FooterVenue {\n    venue {\n      name\n      timeZone\n      address\n      phone\n      email\n      openingHours {\n        summary\n      }\n      social {\n        facebook\n        instagram\n        x\n        discord\n      }\n      map {\n        url\n        embedUrl\n      }\n    }\n  }\n"): (typeof documents)["\n  query FooterVenue {\n    venue {\n      name\n      timeZone\n      address\n      phone\n      email\n      openingHours {\n        summary\n      }\n      social {\n        facebook\n        instagram\n        x\n        discord\n      }\n      map {\n        url\n        embedUrl\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AboutPageVenue {\n    venue {\n      name\n      tagline\n      address\n      phone\n      email\n      openingHours {\n        summary\n      }\n      map {\n        url\n        embedUrl\n      }\n    }\n  }\n"): (typeof documents)["\n  query AboutPageVenue {\n    venue {\n      name\n      tagline\n      address\n      phone\n      email\n      openingHours {\n        summary\n      }\n      map {\n        url\n        embedUrl\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BarItemFormPage($id: ID!) {\n    barItem(id: $id) {\n      id\n      name\n      description\n      price\n      category\n      image\n      imageSmall\n    }\n  }\n"): (typeof documents)["\n  query BarItemFormPage($id: ID!) {\n    barItem(id: $id) {\n      id\n      name\n      description\n      price\n      category\n      image\n      imageSmall\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BarItemFormCreate($input: CreateBarItemInput!, $image: Upload) {\n    createBarItem(input: $input, image: $image) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation BarItemFormCreate($input: CreateBarItemInput!, $image: Upload) {\n    createBarItem(input: $input, image: $image) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BarItemFormUpdate($id: ID!, $input: UpdateBarItemInput!, $image: Upload) {\n    updateBarItem(id: $id, input: $input, image: $image) {\n      id\n      name\n      description\n      price\n      category\n      image\n      imageSmall\n    }\n  }\n"): (typeof documents)["\n  mutation BarItemFormUpdate($id: ID!, $input: UpdateBarItemInput!, $image: Upload) {\n    updateBarItem(id: $id, input: $input, image: $image) {\n      id\n      name\n      description\n      price\n      category\n      image\n      imageSmall\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProductFormPage($id: ID!) {\n    product(id: $id) {\n      id\n      name\n      description\n      price\n      discount\n      amount\n      category\n      platform\n      brand\n      isFeatured\n      rating\n      images {\n        id\n        smallUrl\n      }\n    }\n  }\n"): (typeof documents)["\n  query ProductFormPage($id: ID!) {\n    product(id: $id) {\n      id\n      name\n      description\n      price\n      discount\n      amount\n      category\n      platform\n      brand\n      isFeatured\n      rating\n      images {\n        id\n        smallUrl\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ProductFormCreate($input: CreateProductInput!, $images: [Upload!]) {\n    createProduct(input: $input, images: $images) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation ProductFormCreate($input: CreateProductInput!, $images: [Upload!]) {\n    createProduct(input: $input, images: $images) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ProductFormUpdate($id: ID!, $input: UpdateProductInput!, $images: [Upload!]) {\n    updateProduct(id: $id, input: $input, images: $images) {\n      id\n      name\n      description\n      price\n      salePrice\n      discount\n      amount\n      inStock\n      category\n      platform\n      brand\n      isFeatured\n      rating\n      images {\n        id\n        url\n        smallUrl\n        width\n        height\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ProductFormUpdate($id: ID!, $input: UpdateProductInput!, $images: [Upload!]) {\n    updateProduct(id: $id, input: $input, images: $images) {\n      id\n      name\n      description\n      price\n      salePrice\n      discount\n      amount\n      inStock\n      category\n      platform\n      brand\n      isFeatured\n      rating\n      images {\n        id\n        url\n        smallUrl\n        width\n        height\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UploadLimits {\n    uploadLimits {\n      imageMaxBytes\n    }\n  }\n"): (typeof documents)["\n  query UploadLimits {\n    uploadLimits {\n      imageMaxBytes\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ForgotPasswordPageRequest($email: String!) {\n    requestPasswordReset(email: $email) {\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation ForgotPasswordPageRequest($email: String!) {\n    requestPasswordReset(email: $email) {\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LoginPageLogin($email: String!, $password: String!) {\n    login(email: $email, password: $password) {\n      token\n      user {\n        id\n        username\n        email\n        phone\n        isAdmin\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation LoginPageLogin($email: String!, $password: String!) {\n    login(email: $email, password: $password) {\n      token\n      user {\n        id\n        username\n        email\n        phone\n        isAdmin\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LoginPageResendConfirmation($email: String!) {\n    resendConfirmation(email: $email) {\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation LoginPageResendConfirmation($email: String!) {\n    resendConfirmation(email: $email) {\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LogoutPageEnd {\n    logout {\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation LogoutPageEnd {\n    logout {\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetPasswordPageReset($token: String!, $newPassword: String!) {\n    resetPassword(token: $token, newPassword: $newPassword) {\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation ResetPasswordPageReset($token: String!, $newPassword: String!) {\n    resetPassword(token: $token, newPassword: $newPassword) {\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ResetPasswordPageLinkWorks($token: String!) {\n    passwordResetLinkWorks(token: $token)\n  }\n"): (typeof documents)["\n  query ResetPasswordPageLinkWorks($token: String!) {\n    passwordResetLinkWorks(token: $token)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignupPageRegister($username: String!, $email: String!, $password: String!) {\n    register(username: $username, email: $email, password: $password) {\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation SignupPageRegister($username: String!, $email: String!, $password: String!) {\n    register(username: $username, email: $email, password: $password) {\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation VerifyEmailPageConfirm($token: String!) {\n    confirmEmail(token: $token) {\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation VerifyEmailPageConfirm($token: String!) {\n    confirmEmail(token: $token) {\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query VerifyEmailPageMe {\n    me {\n      id\n      username\n      email\n      phone\n      pendingEmail\n    }\n  }\n"): (typeof documents)["\n  query VerifyEmailPageMe {\n    me {\n      id\n      username\n      email\n      phone\n      pendingEmail\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MenuPageItems {\n    barItems {\n      id\n      name\n      category\n      description\n      price\n      imageSmall\n    }\n  }\n"): (typeof documents)["\n  query MenuPageItems {\n    barItems {\n      id\n      name\n      category\n      description\n      price\n      imageSmall\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MenuPageDelete($id: ID!) {\n    deleteBarItem(id: $id)\n  }\n"): (typeof documents)["\n  mutation MenuPageDelete($id: ID!) {\n    deleteBarItem(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AllReservationsList(\n    $status: [BookingStatus!]\n    $search: String\n    $sortBy: BookingSortField!\n    $sortDirection: SortDirection!\n    $page: Int!\n    $pageSize: Int!\n  ) {\n    bookings(\n      status: $status\n      search: $search\n      sortBy: $sortBy\n      sortDirection: $sortDirection\n      page: $page\n      pageSize: $pageSize\n    ) {\n      total\n      page\n      items {\n        ...BookingRow_booking\n        user {\n          id\n          username\n          email\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AllReservationsList(\n    $status: [BookingStatus!]\n    $search: String\n    $sortBy: BookingSortField!\n    $sortDirection: SortDirection!\n    $page: Int!\n    $pageSize: Int!\n  ) {\n    bookings(\n      status: $status\n      search: $search\n      sortBy: $sortBy\n      sortDirection: $sortDirection\n      page: $page\n      pageSize: $pageSize\n    ) {\n      total\n      page\n      items {\n        ...BookingRow_booking\n        user {\n          id\n          username\n          email\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AllReservationsCancel($id: ID!) {\n    adminCancelBooking(id: $id) {\n      id\n      status\n      cancelledAt\n    }\n  }\n"): (typeof documents)["\n  mutation AllReservationsCancel($id: ID!) {\n    adminCancelBooking(id: $id) {\n      id\n      status\n      cancelledAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AllReservationsDelete($id: ID!) {\n    adminDeleteBooking(id: $id)\n  }\n"): (typeof documents)["\n  mutation AllReservationsDelete($id: ID!) {\n    adminDeleteBooking(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BookingFormCheck($sessionType: SessionType!, $date: String!, $startTime: String!, $endTime: String!) {\n    checkAvailability(sessionType: $sessionType, date: $date, startTime: $startTime, endTime: $endTime) {\n      available\n      freeStations\n      reason\n      alternatives {\n        date\n        startTime\n        endTime\n      }\n    }\n  }\n"): (typeof documents)["\n  query BookingFormCheck($sessionType: SessionType!, $date: String!, $startTime: String!, $endTime: String!) {\n    checkAvailability(sessionType: $sessionType, date: $date, startTime: $startTime, endTime: $endTime) {\n      available\n      freeStations\n      reason\n      alternatives {\n        date\n        startTime\n        endTime\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BookingFormCreate(\n    $sessionType: SessionType!\n    $date: String!\n    $startTime: String!\n    $endTime: String!\n    $creationKey: String\n  ) {\n    createBooking(\n      sessionType: $sessionType\n      date: $date\n      startTime: $startTime\n      endTime: $endTime\n      creationKey: $creationKey\n    ) {\n      ...BookingRow_booking\n    }\n  }\n"): (typeof documents)["\n  mutation BookingFormCreate(\n    $sessionType: SessionType!\n    $date: String!\n    $startTime: String!\n    $endTime: String!\n    $creationKey: String\n  ) {\n    createBooking(\n      sessionType: $sessionType\n      date: $date\n      startTime: $startTime\n      endTime: $endTime\n      creationKey: $creationKey\n    ) {\n      ...BookingRow_booking\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyBookingsList($status: [BookingStatus!], $page: Int!) {\n    myBookings(status: $status, page: $page, pageSize: 5) {\n      total\n      page\n      items {\n        ...BookingRow_booking\n      }\n    }\n  }\n"): (typeof documents)["\n  query MyBookingsList($status: [BookingStatus!], $page: Int!) {\n    myBookings(status: $status, page: $page, pageSize: 5) {\n      total\n      page\n      items {\n        ...BookingRow_booking\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MyBookingsCancel($id: ID!) {\n    cancelBooking(id: $id) {\n      id\n      status\n      cancelledAt\n    }\n  }\n"): (typeof documents)["\n  mutation MyBookingsCancel($id: ID!) {\n    cancelBooking(id: $id) {\n      id\n      status\n      cancelledAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment StationsList_station on Station {\n    id\n    sessionType\n    name\n    active\n  }\n"): (typeof documents)["\n  fragment StationsList_station on Station {\n    id\n    sessionType\n    name\n    active\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query StationsList {\n    stations {\n      ...StationsList_station\n    }\n  }\n"): (typeof documents)["\n  query StationsList {\n    stations {\n      ...StationsList_station\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StationsAdd($sessionType: SessionType!, $name: String!) {\n    addStation(sessionType: $sessionType, name: $name) {\n      ...StationsList_station\n    }\n  }\n"): (typeof documents)["\n  mutation StationsAdd($sessionType: SessionType!, $name: String!) {\n    addStation(sessionType: $sessionType, name: $name) {\n      ...StationsList_station\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StationsRename($id: ID!, $name: String!) {\n    renameStation(id: $id, name: $name) {\n      ...StationsList_station\n    }\n  }\n"): (typeof documents)["\n  mutation StationsRename($id: ID!, $name: String!) {\n    renameStation(id: $id, name: $name) {\n      ...StationsList_station\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StationsSetActive($id: ID!, $active: Boolean!) {\n    setStationActive(id: $id, active: $active) {\n      ...StationsList_station\n    }\n  }\n"): (typeof documents)["\n  mutation StationsSetActive($id: ID!, $active: Boolean!) {\n    setStationActive(id: $id, active: $active) {\n      ...StationsList_station\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BookingRow_booking on Booking {\n    id\n    date\n    startTime\n    endTime\n    sessionType\n    status\n  }\n"): (typeof documents)["\n  fragment BookingRow_booking on Booking {\n    id\n    date\n    startTime\n    endTime\n    sessionType\n    status\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GuestCartProducts($ids: [ID!]!) {\n    productsByIds(ids: $ids) {\n      id\n      name\n      salePrice\n      amount\n      images {\n        id\n        smallUrl\n      }\n    }\n  }\n"): (typeof documents)["\n  query GuestCartProducts($ids: [ID!]!) {\n    productsByIds(ids: $ids) {\n      id\n      name\n      salePrice\n      amount\n      images {\n        id\n        smallUrl\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ServerCart_cart on Cart {\n    id\n    itemCount\n    subtotal\n    tax\n    shipping\n    cartTotal\n    total\n    items {\n      id\n      productId\n      name\n      quantity\n      unitPrice\n      lineTotal\n      product {\n        id\n        name\n        amount\n        images {\n          id\n          smallUrl\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment ServerCart_cart on Cart {\n    id\n    itemCount\n    subtotal\n    tax\n    shipping\n    cartTotal\n    total\n    items {\n      id\n      productId\n      name\n      quantity\n      unitPrice\n      lineTotal\n      product {\n        id\n        name\n        amount\n        images {\n          id\n          smallUrl\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ServerCartQuery {\n    cart {\n      ...ServerCart_cart\n    }\n  }\n"): (typeof documents)["\n  query ServerCartQuery {\n    cart {\n      ...ServerCart_cart\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ServerCartAdd($productId: ID!, $quantity: Int!) {\n    addToCart(productId: $productId, quantity: $quantity) {\n      ...ServerCart_cart\n    }\n  }\n"): (typeof documents)["\n  mutation ServerCartAdd($productId: ID!, $quantity: Int!) {\n    addToCart(productId: $productId, quantity: $quantity) {\n      ...ServerCart_cart\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ServerCartUpdate($productId: ID!, $quantity: Int!) {\n    updateCartItem(productId: $productId, quantity: $quantity) {\n      ...ServerCart_cart\n    }\n  }\n"): (typeof documents)["\n  mutation ServerCartUpdate($productId: ID!, $quantity: Int!) {\n    updateCartItem(productId: $productId, quantity: $quantity) {\n      ...ServerCart_cart\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ServerCartRemove($productId: ID!) {\n    removeFromCart(productId: $productId) {\n      ...ServerCart_cart\n    }\n  }\n"): (typeof documents)["\n  mutation ServerCartRemove($productId: ID!) {\n    removeFromCart(productId: $productId) {\n      ...ServerCart_cart\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ServerCartClear {\n    clearCart {\n      ...ServerCart_cart\n    }\n  }\n"): (typeof documents)["\n  mutation ServerCartClear {\n    clearCart {\n      ...ServerCart_cart\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ServerCartMerge($items: [GuestCartItemInput!]!) {\n    mergeGuestCart(items: $items) {\n      ...ServerCart_cart\n    }\n  }\n"): (typeof documents)["\n  mutation ServerCartMerge($items: [GuestCartItemInput!]!) {\n    mergeGuestCart(items: $items) {\n      ...ServerCart_cart\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CheckoutPageLastDetail {\n    myOrders(page: 1, pageSize: 1) {\n      orders {\n        id\n        orderDetail {\n          fullName\n          phone\n          address\n          city\n          zip\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query CheckoutPageLastDetail {\n    myOrders(page: 1, pageSize: 1) {\n      orders {\n        id\n        orderDetail {\n          fullName\n          phone\n          address\n          city\n          zip\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CheckoutPagePaymentConfig {\n    paymentConfig {\n      cardAvailable\n      publishableKey\n    }\n  }\n"): (typeof documents)["\n  query CheckoutPagePaymentConfig {\n    paymentConfig {\n      cardAvailable\n      publishableKey\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CheckoutPageCreateIntent($orderDetail: OrderDetailInput, $expectedTotal: Float) {\n    createPaymentIntent(orderDetail: $orderDetail, expectedTotal: $expectedTotal) {\n      clientSecret\n    }\n  }\n"): (typeof documents)["\n  mutation CheckoutPageCreateIntent($orderDetail: OrderDetailInput, $expectedTotal: Float) {\n    createPaymentIntent(orderDetail: $orderDetail, expectedTotal: $expectedTotal) {\n      clientSecret\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CheckoutPagePlaceOrder(\n    $orderDetail: OrderDetailInput!\n    $paymentMethod: PaymentMethod!\n    $paymentIntentId: String\n    $expectedTotal: Float\n    $creationKey: String\n  ) {\n    placeOrder(\n      orderDetail: $orderDetail\n      paymentMethod: $paymentMethod\n      paymentIntentId: $paymentIntentId\n      expectedTotal: $expectedTotal\n      creationKey: $creationKey\n    ) {\n      id\n      displayId\n    }\n  }\n"): (typeof documents)["\n  mutation CheckoutPagePlaceOrder(\n    $orderDetail: OrderDetailInput!\n    $paymentMethod: PaymentMethod!\n    $paymentIntentId: String\n    $expectedTotal: Float\n    $creationKey: String\n  ) {\n    placeOrder(\n      orderDetail: $orderDetail\n      paymentMethod: $paymentMethod\n      paymentIntentId: $paymentIntentId\n      expectedTotal: $expectedTotal\n      creationKey: $creationKey\n    ) {\n      id\n      displayId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HomePageFeatured {\n    featuredProducts {\n      ...ProductCard_product\n    }\n  }\n"): (typeof documents)["\n  query HomePageFeatured {\n    featuredProducts {\n      ...ProductCard_product\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AllOrdersList($search: String, $status: OrderFilter!, $page: Int!, $pageSize: Int!) {\n    orders(search: $search, status: $status, page: $page, pageSize: $pageSize) {\n      totalPages\n      orders {\n        ...OrderCard_order\n      }\n    }\n  }\n"): (typeof documents)["\n  query AllOrdersList($search: String, $status: OrderFilter!, $page: Int!, $pageSize: Int!) {\n    orders(search: $search, status: $status, page: $page, pageSize: $pageSize) {\n      totalPages\n      orders {\n        ...OrderCard_order\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AllOrders_delivery on Order {\n    id\n    status\n    isDelivered\n    deliveredAt\n    canCancel\n  }\n"): (typeof documents)["\n  fragment AllOrders_delivery on Order {\n    id\n    status\n    isDelivered\n    deliveredAt\n    canCancel\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AllOrdersDeliver($id: ID!) {\n    markOrderDelivered(id: $id, onlyIfOpen: true) {\n      ...AllOrders_delivery\n    }\n  }\n"): (typeof documents)["\n  mutation AllOrdersDeliver($id: ID!) {\n    markOrderDelivered(id: $id, onlyIfOpen: true) {\n      ...AllOrders_delivery\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AllOrdersUndoDelivery($id: ID!, $deliveredAt: DateTimeISO!) {\n    undoOrderDelivery(id: $id, deliveredAt: $deliveredAt) {\n      ...AllOrders_delivery\n    }\n  }\n"): (typeof documents)["\n  mutation AllOrdersUndoDelivery($id: ID!, $deliveredAt: DateTimeISO!) {\n    undoOrderDelivery(id: $id, deliveredAt: $deliveredAt) {\n      ...AllOrders_delivery\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OrderCard_order on Order {\n    id\n    displayId\n    createdAt\n    status\n    isDelivered\n    canCancel\n    paymentMethod\n    refundFailure\n    subtotal\n    tax\n    shipping\n    totalAmount\n    orderDetail {\n      fullName\n      email\n    }\n    items {\n      id\n      name\n      quantity\n      lineTotal\n    }\n  }\n"): (typeof documents)["\n  fragment OrderCard_order on Order {\n    id\n    displayId\n    createdAt\n    status\n    isDelivered\n    canCancel\n    paymentMethod\n    refundFailure\n    subtotal\n    tax\n    shipping\n    totalAmount\n    orderDetail {\n      fullName\n      email\n    }\n    items {\n      id\n      name\n      quantity\n      lineTotal\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrderHistoryOrders($page: Int!) {\n    myOrders(page: $page) {\n      totalPages\n      orders {\n        ...OrderCard_order\n      }\n    }\n  }\n"): (typeof documents)["\n  query OrderHistoryOrders($page: Int!) {\n    myOrders(page: $page) {\n      totalPages\n      orders {\n        ...OrderCard_order\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation OrderCancel($id: ID!) {\n    cancelOrder(id: $id) {\n      id\n      status\n      canCancel\n    }\n  }\n"): (typeof documents)["\n  mutation OrderCancel($id: ID!) {\n    cancelOrder(id: $id) {\n      id\n      status\n      canCancel\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProductPage($id: ID!) {\n    product(id: $id) {\n      id\n      name\n      description\n      price\n      salePrice\n      discount\n      amount\n      inStock\n      category\n      platform\n      brand\n      rating\n      images {\n        id\n        url\n        smallUrl\n        width\n        height\n      }\n    }\n  }\n"): (typeof documents)["\n  query ProductPage($id: ID!) {\n    product(id: $id) {\n      id\n      name\n      description\n      price\n      salePrice\n      discount\n      amount\n      inStock\n      category\n      platform\n      brand\n      rating\n      images {\n        id\n        url\n        smallUrl\n        width\n        height\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ProductPageDelete($id: ID!) {\n    deleteProduct(id: $id)\n  }\n"): (typeof documents)["\n  mutation ProductPageDelete($id: ID!) {\n    deleteProduct(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangePasswordFormChange($currentPassword: String!, $newPassword: String!, $confirmPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword, confirmPassword: $confirmPassword) {\n      message\n      token\n    }\n  }\n"): (typeof documents)["\n  mutation ChangePasswordFormChange($currentPassword: String!, $newPassword: String!, $confirmPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword, confirmPassword: $confirmPassword) {\n      message\n      token\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProfileDetailsMe {\n    me {\n      id\n      username\n      email\n      phone\n      pendingEmail\n    }\n  }\n"): (typeof documents)["\n  query ProfileDetailsMe {\n    me {\n      id\n      username\n      email\n      phone\n      pendingEmail\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ProfileDetailsUpdate($username: String!, $email: String!, $phone: String) {\n    updateProfile(username: $username, email: $email, phone: $phone) {\n      id\n      username\n      email\n      phone\n      pendingEmail\n    }\n  }\n"): (typeof documents)["\n  mutation ProfileDetailsUpdate($username: String!, $email: String!, $phone: String) {\n    updateProfile(username: $username, email: $email, phone: $phone) {\n      id\n      username\n      email\n      phone\n      pendingEmail\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ProfileDetailsCancelEmailChange {\n    cancelEmailChange {\n      id\n      email\n      pendingEmail\n    }\n  }\n"): (typeof documents)["\n  mutation ProfileDetailsCancelEmailChange {\n    cancelEmailChange {\n      id\n      email\n      pendingEmail\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReportsPage($from: String!, $to: String!, $groupBy: ReportPeriod!) {\n    salesReport(from: $from, to: $to, groupBy: $groupBy) {\n      totals {\n        orders\n        grossRevenue\n        averageOrderValue\n        cancelledOrders\n      }\n      ...SalesChart_report\n    }\n    topProducts(from: $from, to: $to, limit: 8, by: REVENUE) {\n      ...TopProductsChart_product\n    }\n    bookingUtilization(from: $from, to: $to) {\n      utilization\n      bookedHours\n      ...UtilizationHeatMap_report\n    }\n  }\n"): (typeof documents)["\n  query ReportsPage($from: String!, $to: String!, $groupBy: ReportPeriod!) {\n    salesReport(from: $from, to: $to, groupBy: $groupBy) {\n      totals {\n        orders\n        grossRevenue\n        averageOrderValue\n        cancelledOrders\n      }\n      ...SalesChart_report\n    }\n    topProducts(from: $from, to: $to, limit: 8, by: REVENUE) {\n      ...TopProductsChart_product\n    }\n    bookingUtilization(from: $from, to: $to) {\n      utilization\n      bookedHours\n      ...UtilizationHeatMap_report\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SalesChart_report on SalesReport {\n    from\n    to\n    groupBy\n    periods {\n      periodStart\n      orders\n      grossRevenue\n    }\n  }\n"): (typeof documents)["\n  fragment SalesChart_report on SalesReport {\n    from\n    to\n    groupBy\n    periods {\n      periodStart\n      orders\n      grossRevenue\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TopProductsChart_product on TopProduct {\n    productId\n    name\n    units\n    revenue\n    stock\n  }\n"): (typeof documents)["\n  fragment TopProductsChart_product on TopProduct {\n    productId\n    name\n    units\n    revenue\n    stock\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment UtilizationHeatMap_report on BookingUtilization {\n    heatMap {\n      weekday\n      hour\n      availableHours\n      occupancy\n    }\n  }\n"): (typeof documents)["\n  fragment UtilizationHeatMap_report on BookingUtilization {\n    heatMap {\n      weekday\n      hour\n      availableHours\n      occupancy\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProductCard_product on Product {\n    id\n    name\n    price\n    salePrice\n    discount\n    amount\n    inStock\n    platform\n    images {\n      id\n      smallUrl\n    }\n  }\n"): (typeof documents)["\n  fragment ProductCard_product on Product {\n    id\n    name\n    price\n    salePrice\n    discount\n    amount\n    inStock\n    platform\n    images {\n      id\n      smallUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShopPageProducts($filter: ProductFilter, $sort: ProductSort, $page: Int!) {\n    products(filter: $filter, sort: $sort, page: $page, pageSize: 10) {\n      total\n      page\n      totalPages\n      items {\n        ...ProductCard_product\n      }\n    }\n  }\n"): (typeof documents)["\n  query ShopPageProducts($filter: ProductFilter, $sort: ProductSort, $page: Int!) {\n    products(filter: $filter, sort: $sort, page: $page, pageSize: 10) {\n      total\n      page\n      totalPages\n      items {\n        ...ProductCard_product\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query VenueTimeZone {\n    venue {\n      timeZone\n    }\n  }\n"): (typeof documents)["\n  query VenueTimeZone {\n    venue {\n      timeZone\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;