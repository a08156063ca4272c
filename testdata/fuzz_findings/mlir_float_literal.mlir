module @jit__x64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xf64>, %arg1: tensor<16xi64>) -> (tensor<16xf64> {jax.result_info = "result[-1]"}, tensor<16xi64> {jax.result_info = "result[1]"}, tensor<16xf64> {jax.result_info = "result[2]"}, tensor<16xi32> {jax.result_info = "result[3]"}, tensor<16xf64> {jax.result_info = "result[4]"}) {
    %0 = stablehlo.exponential %arg0 : tensor<16xf64>
    %1 = stablehlo.sine %arg0 : tensor<16xf64>
    %2 = stablehlo.multiply %0, %1 : tensor<16xf64>
    %c = stablehlo.constant dense<3> : tensor<i64>
    %3 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<16xi64>
    %4 = stablehlo.multiply %arg1, %3 : tensor<16xi64>
    %c_0 = stablehlo.constant dense<1> : tensor<i64>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i64>) -> tensor<16xi64>
    %6 = stablehlo.shift_right_arithmetic %4, %5 : tensor<16xi64>
    %7 = call @cumsum(%arg0) : (tensor<16xf64>) -> tensor<16xf64>
    %8 = stablehlo.convert %arg1 : (tensor<16xi64>) -> tensor<16xf64>
    %9 = stablehlo.add %8, %arg0 : tensor<16xf64>
    %10 = stablehlo.convert %9 : (tensor<16xf64>) -> tensor<16xi32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f64>
    %11 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<16xf64>
    %12 = stablehlo.power %11, %arg0 : tensor<16xf64>
    return %2, %6, %7, %10, %12 : tensor<16xf64>, tensor<16xi64>, tensor<16xf64>, tensor<16xi32>, tensor<16xf64>
  }
  func.func private @cumsum(%arg0: tensor<16xf64>) -> tensor<16xf64> {
    %0 = call @cumsum_0(%arg0) : (tensor<16xf64>) -> tensor<16xf64>
    return %0 : tensor<16xf64>
  }
  func.func private @cumsum_0(%arg0: tensor<16xf64>) -> tensor<16xf64> {
    %cst = stablehlo.constant dense<0.000000e+-1> : tensor<f64>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<f64>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[15, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 16>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<f64>, %arg2: tensor<f64>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<f64>
      stablehlo.return %2 : tensor<f64>
    }) : (tensor<16xf64>, tensor<f64>) -> tensor<16xf64>
    return %1 : tensor<16xf64>
  }
}
