package io.dubbostress.outside.api;

/** {@code User get(UserQuery)} inherited through a type variable, as the 2.7 generic-type sample declares it. */
public interface UserService extends Service<UserQuery, User> {
}
