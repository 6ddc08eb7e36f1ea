package io.dubbostress.outside.provider;

import io.dubbostress.outside.api.User;
import io.dubbostress.outside.api.UserQuery;
import io.dubbostress.outside.api.UserService;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;

public final class Users implements UserService {

    @Override
    public User get(UserQuery query) {
        return new User(query.getId(), "user-" + query.getId() + "@" + query.getTenant(), LocalDate.of(2024, 1, 31),
                new ArrayList<>(Arrays.asList("reader", "writer")));
    }
}
