# Rules Explained: a static binary on a distroless base, run as a non-root user.
#   docker build -t rules-explained .
#   docker run -p 8080:8080 -e BASE_URL=https://rules.example rules-explained
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/site ./cmd/site

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/site /site
USER nonroot:nonroot
ENV ADDR=:8080
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s CMD ["/site", "health", "-url", "http://127.0.0.1:8080/readyz"]
ENTRYPOINT ["/site"]
