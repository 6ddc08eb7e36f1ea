package io.dubbostress.sampler.value;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Typed arguments declared as a type variable, and POJOs without a no-argument constructor (issue 13, 5 and 6). */
class TypedPojosTest {

    public interface Service<P, V> {
        V get(P params);
    }

    public static final class Query {
        private final long id;
        private final String tenant;

        public Query(long id, String tenant) {
            if (tenant == null) {
                throw new IllegalArgumentException("tenant is required");
            }
            this.id = id;
            this.tenant = tenant;
        }
    }

    public static final class Page {
        private final int size;

        public Page(int size) {
            this.size = size;
        }
    }

    public interface UserService extends Service<Query, String> {
    }

    private static List<Method> methods(Class<?> type, String name) {
        List<Method> out = new ArrayList<>();
        for (Method m : type.getMethods()) {
            if (m.getName().equals(name)) {
                out.add(m);
            }
        }
        return out;
    }

    @Test
    void aTypeVariableParameterTakesTheTypeTheServiceBindsAndAPojoNeedsNoNoArgumentConstructor() {
        CallArguments args = CallArguments.parse("", "[{\"id\": 7, \"tenant\": \"t\"}]", methods(UserService.class,
                "get"), UserService.class, new ValueConverter(getClass().getClassLoader()), "types", "arguments");
        assertThat(args.values()[0]).isInstanceOf(Query.class);
        Query q = (Query) args.values()[0];
        assertThat(q.id).isEqualTo(7);
        assertThat(q.tenant).isEqualTo("t");
        Object page = new ValueConverter(getClass().getClassLoader()).convert(
                io.dubbostress.sampler.json.JsonValues.parse("{\"size\": 3}"), Page.class, "arg");
        assertThat(((Page) page).size).isEqualTo(3);
    }
}
