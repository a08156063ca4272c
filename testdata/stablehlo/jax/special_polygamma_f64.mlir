module @jit__special_polygamma_f64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32xf64>) -> (tensor<32xf64> {jax.result_info = "result[0]"}, tensor<14xf64> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<[0.000000e+00, 0.000000e+00, 0.000000e+00, 1.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e-01, -1.000000e+00, 1.000000e+00, 2.000000e+00, 0.000000e+00, 5.000000e+00]> : tensor<14xf64>
    %cst_0 = stablehlo.constant dense<[0.000000e+00, -2.000000e+00, 3.000000e-01, 5.000000e-01, 1.000000e+01, 1.500000e+00, 2.000000e+00, 0.69999999999999996, 1.000000e+00, 1.000000e+00, -1.500000e+00, -2.000000e+00, -5.000000e-01, 3.000000e+01]> : tensor<14xf64>
    %0 = stablehlo.abs %arg0 : tensor<32xf64>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f64>
    %1 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<32xf64>
    %2 = stablehlo.multiply %0, %1 : tensor<32xf64>
    %cst_2 = stablehlo.constant dense<2.000000e-01> : tensor<f64>
    %3 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f64>) -> tensor<32xf64>
    %4 = stablehlo.add %2, %3 : tensor<32xf64>
    %5 = stablehlo.abs %arg0 : tensor<32xf64>
    %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<f64>
    %6 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f64>) -> tensor<32xf64>
    %7 = stablehlo.multiply %5, %6 : tensor<32xf64>
    %8 = stablehlo.floor %7 : tensor<32xf64>
    %c = stablehlo.constant dense<4> : tensor<i64>
    %9 = call @remainder(%8, %c) : (tensor<32xf64>, tensor<i64>) -> tensor<32xf64>
    %10 = chlo.polygamma %9, %4 : tensor<32xf64>, tensor<32xf64> -> tensor<32xf64>
    %11 = chlo.polygamma %cst, %cst_0 : tensor<14xf64>, tensor<14xf64> -> tensor<14xf64>
    return %10, %11 : tensor<32xf64>, tensor<14xf64>
  }
  func.func private @remainder(%arg0: tensor<32xf64>, %arg1: tensor<i64>) -> tensor<32xf64> {
    %0 = stablehlo.convert %arg1 : (tensor<i64>) -> tensor<f64>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f64>) -> tensor<32xf64>
    %2 = stablehlo.remainder %arg0, %1 : tensor<32xf64>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<32xf64>
    %4 = stablehlo.compare NE, %2, %3, FLOAT : (tensor<32xf64>, tensor<32xf64>) -> tensor<32xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<32xf64>
    %6 = stablehlo.compare LT, %2, %5, FLOAT : (tensor<32xf64>, tensor<32xf64>) -> tensor<32xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %7 = stablehlo.compare LT, %0, %cst_1, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
    %8 = stablehlo.broadcast_in_dim %7, dims = [] : (tensor<i1>) -> tensor<32xi1>
    %9 = stablehlo.compare NE, %6, %8, UNSIGNED : (tensor<32xi1>, tensor<32xi1>) -> tensor<32xi1>
    %10 = stablehlo.and %9, %4 : tensor<32xi1>
    %11 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f64>) -> tensor<32xf64>
    %12 = stablehlo.add %2, %11 : tensor<32xf64>
    %13 = stablehlo.select %10, %12, %2 : tensor<32xi1>, tensor<32xf64>
    return %13 : tensor<32xf64>
  }
}
