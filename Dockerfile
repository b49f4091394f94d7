# kompat in a container: built on debian:12, run on debian:12-slim with only the runtime
# libraries (and git, for REV:PATH snapshots; curl and jq, for the Action's PR comment).
#   docker build -t kompat .
#   docker run --rm -v "$PWD:/work" kompat check old.json new.json
# The GitHub Action (action.yml) runs this image with scripts/github-action.sh as its
# entry point. tests/package/test_deb.sh checks that the runtime stage installs what the
# Debian package depends on.

FROM debian:12 AS build
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      cmake g++ make pkg-config help2man libboost-json1.81-dev libfyaml-dev libdtl-dev libfmt-dev libcli11-dev libre2-dev \
 && rm -rf /var/lib/apt/lists/*
# The git description `kompat --version` shows (the build context has no .git).
ARG KOMPAT_GIT_DESCRIBE=unknown
COPY . /src
RUN cmake -S /src -B /build -DCMAKE_BUILD_TYPE=Release -DKOMPAT_TESTS=OFF -DKOMPAT_GIT_DESCRIBE="${KOMPAT_GIT_DESCRIBE}" \
 && cmake --build /build -j "$(nproc)" \
 && cmake --install /build --prefix /usr/local --strip

FROM debian:12-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libboost-json1.81.0 libfyaml0 libfmt9 libre2-9 git ca-certificates curl jq \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /usr/local/bin/kompat /usr/local/bin/kompat
COPY --from=build /usr/local/share/man/man1/kompat.1.gz /usr/local/share/man/man1/kompat.1.gz
COPY scripts/github-action.sh /usr/local/bin/kompat-action
WORKDIR /work
ENTRYPOINT ["kompat"]
